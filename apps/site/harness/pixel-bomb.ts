import { crc32, deflateSync } from 'node:zlib'

// A decompression bomb as an attacker would upload it: a PNG of 65 bytes whose header declares
// `width` × `height` pixels. Written by hand rather than drawn (drawing 30000 × 30000 takes
// minutes): its pixel data is empty, so only a reader that trusts the header before decoding
// refuses it quickly, which is what the tests check.

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A PNG declaring `width` × `height` RGB pixels, 8 bits each, with no pixel data. */
export function pixelBombPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13)
  header.writeUInt32BE(width, 0)
  header.writeUInt32BE(height, 4)
  header[8] = 8 // bits per channel
  header[9] = 2 // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.alloc(0))),
    chunk('IEND', Buffer.alloc(0)),
  ])
}
