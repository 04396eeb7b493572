// Keeps n8n-core's files (instance settings, binary data) inside the project while testing.
const path = require('node:path');
process.env.N8N_USER_FOLDER ??= path.resolve(__dirname, '../../.cache/n8n-test-home');
process.env.N8N_DIAGNOSTICS_ENABLED = 'false';
process.env.N8N_LOG_LEVEL ??= 'silent';
