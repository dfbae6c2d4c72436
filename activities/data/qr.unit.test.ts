import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { qrCode } from './qr';

function decode(base64: string): { text: string | undefined; width: number } {
  const png = PNG.sync.read(Buffer.from(base64, 'base64'));
  return { text: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data, width: png.width };
}

describe('/data/qr', () => {
  it('draws a PNG that a QR reader decodes back to the text', async () => {
    const text = 'https://example.com/?q=toolgate&lang=fr#café';
    const qr = await qrCode({ text, size: 300, error_correction: 'M', margin: 4 });
    expect(qr.data_url).toBe(`data:image/png;base64,${qr.png_base64 as string}`);
    expect(decode(qr.png_base64 as string)).toEqual({ text, width: 300 });
    expect(qr).toMatchObject({ width: 300, error_correction: 'M' });
  });

  it('picks a larger version for more text and a higher error-correction level', async () => {
    const short = await qrCode({ text: 'hi', size: 128, error_correction: 'L', margin: 1 });
    const long = await qrCode({ text: 'x'.repeat(500), size: 800, error_correction: 'H', margin: 4 });
    expect(short.version).toBe(1);
    expect(long.version as number).toBeGreaterThan(10);
    expect(decode(long.png_base64 as string).text).toBe('x'.repeat(500));
  });

  it('refuses text past the code’s capacity with a clear 400', async () => {
    const error = await qrCode({ text: 'x'.repeat(3000), size: 256, error_correction: 'L', margin: 4 }).catch((e: unknown) => e);
    expect(error).toMatchObject({ type: 'InvalidInput', nonRetryable: true });
    expect((error as Error).message).toContain('does not fit in a QR code');
  });
});
