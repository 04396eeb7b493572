'use strict';
// Node alone, for section 8: streams one file to an HTTP server as an upload's body, as any
// streamed upload does (a file stream with Node's default chunks, piped into the request).
//   node test/n8n/bench/lib/stream-file.js <file> <url>   (starts on "go" over IPC, answers "done")

const fs = require('node:fs');
const http = require('node:http');

const [file, url] = process.argv.slice(2);

process.once('message', () => {
	const request = http.request(url, {
		method: 'POST',
		headers: { 'content-length': fs.statSync(file).size },
	});
	request.on('response', (response) => {
		response.resume();
		response.on('end', () => process.send('done', () => process.exit(0)));
	});
	request.on('error', (error) => {
		console.error(error);
		process.exit(1);
	});
	fs.createReadStream(file).pipe(request);
});
process.send('ready');
