import { describeColor } from './color';

describe('/data/color', () => {
  it("gives #ff0000's RGB, HSL, CSS name and its complement #00ffff", () => {
    expect(describeColor('#ff0000')).toMatchObject({
      hex: '#ff0000',
      rgb: { r: 255, g: 0, b: 0 },
      hsl: { h: 0, s: 100, l: 50 },
      complement: { hex: '#00ffff', rgb: { r: 0, g: 255, b: 255 }, hsl: { h: 180, s: 100, l: 50 } },
      css_name: 'red',
      css: { hex: '#ff0000', rgb: 'rgb(255, 0, 0)', hsl: 'hsl(0, 100%, 50%)' },
    });
  });

  it('reads the same colour from hex without #, rgb(), hsl() and its CSS name', () => {
    for (const form of ['ff0000', 'F00', 'rgb(255, 0, 0)', 'hsl(0, 100%, 50%)', 'Red']) expect(describeColor(form).hex).toBe('#ff0000');
  });

  it('rates perceived brightness: white is light, navy is dark, and names the closest CSS colour', () => {
    expect(describeColor('#ffffff')).toMatchObject({ brightness: 1, is_dark: false, css_name: 'white' });
    expect(describeColor('#000080')).toMatchObject({ is_dark: true, css_name: 'navy' });
    expect(describeColor('#fe0101')).toMatchObject({ css_name: null, closest_css_name: 'red' });
  });

  it('refuses what is not a colour with a 400', () => {
    expect(() => describeColor('not-a-colour')).toThrow(expect.objectContaining({ type: 'InvalidInput' }));
  });
});
