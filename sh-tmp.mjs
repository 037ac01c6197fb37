import sharp from 'sharp';
const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360"><rect width="100%" height="100%" fill="#eef"/><text x="20" y="60" font-family="sans-serif" font-size="40" fill="#123">2021 Toyota HiLux</text></svg>`;
const t=Date.now();
const b = await sharp(Buffer.from(svg)).webp({quality:75}).toBuffer();
console.log(b.length, Date.now()-t);
const a = await sharp(Buffer.from(svg)).avif({quality:50}).toBuffer(); console.log('avif', a.length, Date.now()-t);
await sharp(Buffer.from(svg)).png().toFile('/tmp/t.png');
