import { checkFileUrl, fileUrlKey, signFileUrl } from './fileUrls';

const key = fileUrlKey({ fileUrlSigningKey: '', webhookSigningKey: 'w'.repeat(32) });
const now = new Date('2026-01-01T00:00:00Z');

describe('signed file URLs', () => {
  it('holds until its expiry and not after', () => {
    const { expires, signature } = signFileUrl(key, 'fil_a', new Date(now.getTime() + 60_000));
    expect(checkFileUrl(key, 'fil_a', expires, signature, now)).toBe('valid');
    expect(checkFileUrl(key, 'fil_a', expires, signature, new Date(now.getTime() + 60_000))).toBe('expired');
  });

  it('is refused for another file, a moved expiry, or another key', () => {
    const { expires, signature } = signFileUrl(key, 'fil_a', new Date(now.getTime() + 60_000));
    expect(checkFileUrl(key, 'fil_b', expires, signature, now)).toBe('forged');
    expect(checkFileUrl(key, 'fil_a', expires + 3600, signature, now)).toBe('forged');
    expect(checkFileUrl(fileUrlKey({ fileUrlSigningKey: 'other', webhookSigningKey: '' }), 'fil_a', expires, signature, now)).toBe('forged');
  });
});
