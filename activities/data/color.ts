import { colord, extend, type Colord } from 'colord';
import namesPlugin from 'colord/plugins/names';
import { invalidInput } from '../../core/calls/callFailures';

extend([namesPlugin]);

/**
 * A colour in every notation (colord): RGB, HSL, its complement (hue turned 180°), perceived brightness and CSS
 * names. Accepts #rgb, #rrggbb, bare hex, rgb(), hsl() and CSS names.
 */
export function describeColor(raw: string): Record<string, unknown> {
  const text = raw.trim();
  const color = parse(/^[0-9a-f]{3}([0-9a-f]{3})?$/i.test(text) ? `#${text}` : text);
  const complement = color.rotate(180);
  const { r, g, b } = color.toRgb();
  return {
    hex: color.toHex(),
    rgb: { r, g, b },
    hsl: hslOf(color),
    complement: { hex: complement.toHex(), rgb: rgbOf(complement), hsl: hslOf(complement) },
    brightness: Math.round(color.brightness() * 1000) / 1000,
    is_dark: color.isDark(),
    css_name: color.toName() ?? null,
    closest_css_name: color.toName({ closest: true }) ?? null,
    css: { hex: color.toHex(), rgb: color.toRgbString(), hsl: color.toHslString() },
  };
}

function parse(text: string): Colord {
  const color = colord(text.toLowerCase());
  if (!color.isValid()) {
    throw invalidInput(`"${text}" is not a colour`, 'Send #ff0000, ff0000, rgb(255, 0, 0), hsl(0, 100%, 50%) or a CSS name such as red.');
  }
  return color;
}

function rgbOf(color: Colord) {
  const { r, g, b } = color.toRgb();
  return { r, g, b };
}

function hslOf(color: Colord) {
  const { h, s, l } = color.toHsl();
  return { h, s, l };
}
