// n8n loads this package through the "n8n" section of package.json; nothing to export here.
module.exports = {};
