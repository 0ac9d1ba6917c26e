import jsQR from 'jsqr';

const ESC = '\u001b';

/**
 * Reads back a QR code printed on a terminal with half blocks (qrcode's small terminal renderer): each character is two
 * modules, the upper and lower half, drawn in the foreground colour ('▀', '▄', '█') or left in the background (' ').
 * Black (30/40) is a dark module; white, the default and the terminal's own background are light.
 */
function modulesOf(lines: string[]): boolean[][] {
  const rows: boolean[][] = [];
  for (const line of lines) {
    const top: boolean[] = [];
    const bottom: boolean[] = [];
    let fgDark = false;
    let bgDark = false;
    const paint = (text: string): void => {
      for (const glyph of text) {
        if (glyph === '\r') continue;
        top.push(glyph === '█' || glyph === '▀' ? fgDark : bgDark);
        bottom.push(glyph === '█' || glyph === '▄' ? fgDark : bgDark);
      }
    };
    const [first = '', ...escaped] = line.split(ESC);
    paint(first);
    for (const part of escaped) {
      const sgr = /^\[([0-9;]*)m/.exec(part);
      for (const code of (sgr?.[1] ?? '').split(';')) {
        if (code === '0' || code === '') [fgDark, bgDark] = [false, false];
        else if (code === '30' || code === '37' || code === '39') fgDark = code === '30';
        else if (code === '40' || code === '47' || code === '49') bgDark = code === '40';
      }
      paint(part.slice(sgr?.[0].length ?? 0));
    }
    rows.push(top, bottom);
  }
  return rows;
}

/** The text of a terminal QR code, or undefined when it does not decode. */
export function decodeTerminalQr(lines: string[]): string | undefined {
  const modules = modulesOf(lines);
  const scale = 4;
  const margin = 4;
  const columns = Math.max(...modules.map((row) => row.length)) + margin * 2;
  const width = columns * scale;
  const height = (modules.length + margin * 2) * scale;
  const pixels = new Uint8ClampedArray(width * height * 4).fill(255);
  modules.forEach((row, y) =>
    row.forEach((dark, x) => {
      if (!dark) return;
      for (let dy = 0; dy < scale; dy += 1) {
        for (let dx = 0; dx < scale; dx += 1) {
          const offset = (((y + margin) * scale + dy) * width + (x + margin) * scale + dx) * 4;
          pixels.fill(0, offset, offset + 3);
        }
      }
    }),
  );
  return jsQR(pixels, width, height)?.data;
}
