import QRCode from 'qrcode';
import { invalidInput } from '../../core/calls/callFailures';
import type { ToolInput } from '../../schema/registry/toolInput';
import type { dataTools } from '../../schema/data/dataTools';

type QrInput = ToolInput<typeof dataTools, 'data/qr'>;

/** A QR code as a PNG (qrcode): base64 and a data URL. Text past the code's capacity at the chosen level is a 400. */
export async function qrCode(input: QrInput): Promise<Record<string, unknown>> {
  const options = { errorCorrectionLevel: input.error_correction, margin: input.margin } as const;
  let version: number;
  try {
    version = QRCode.create(input.text, options).version;
  } catch (error) {
    throw invalidInput(
      `text does not fit in a QR code at error correction ${input.error_correction}: ${(error as Error).message}`,
      'Send less text (at most 2,953 bytes, at error_correction L), or a lower error_correction.',
    );
  }
  const png = await QRCode.toBuffer(input.text, { ...options, type: 'png', width: input.size });
  const base64 = png.toString('base64');
  return {
    png_base64: base64,
    data_url: `data:image/png;base64,${base64}`,
    width: input.size,
    version,
    error_correction: input.error_correction,
    bytes: png.length,
  };
}
