// Sends one file as a multipart upload, streamed from disk, and prints the answer as JSON
// `{status, body}`. Run as its own process by tests that measure the api's memory, so that the
// sender's buffers are not counted (src/routes/files/large-upload.test.ts).
// Usage: node stream-upload.mjs <url> <file> <field> <file name> <cookie>
import { createReadStream, statSync } from 'node:fs'
import { request } from 'node:http'

const [url, file, field, fileName, cookie] = process.argv.slice(2)
const boundary = `palabre-${process.pid}`
const head = Buffer.from(
  `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\n` +
    'Content-Type: application/octet-stream\r\n\r\n',
)
const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
const req = request(url, {
  method: 'POST',
  headers: {
    cookie,
    'content-type': `multipart/form-data; boundary=${boundary}`,
    'content-length': String(head.length + statSync(file).size + tail.length),
  },
})
req.on('response', (res) => {
  let body = ''
  res.setEncoding('utf8')
  res.on('data', (part) => (body += part))
  res.on('end', () => process.stdout.write(JSON.stringify({ status: res.statusCode, body })))
})
req.on('error', (error) => {
  process.stderr.write(String(error))
  process.exit(1)
})
req.write(head)
const data = createReadStream(file)
data.pipe(req, { end: false })
data.on('end', () => req.end(tail))
