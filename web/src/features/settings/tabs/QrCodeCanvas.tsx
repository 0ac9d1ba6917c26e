import { useEffect, useRef, useState } from 'react';
import { toCanvas } from 'qrcode';

/** Pixels per side: large enough for a phone camera across a desk, small enough for the bottom sheet. */
const SIZE_PX = 224;

/** A QR code of `text` drawn on a canvas (this module, with the QR library, loads only when a section shows one). */
export function QrCodeCanvas({ text, label }: { text: string; label: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (!canvas.current) return;
    // White margin of 2 modules and black on white in both themes: scanners want the light quiet zone.
    toCanvas(canvas.current, text, { width: SIZE_PX, margin: 2, errorCorrectionLevel: 'M' }).then(
      () => setFailed(false),
      () => setFailed(true),
    );
  }, [text]);
  if (failed) return <p className="text-sm text-red-700 dark:text-red-300">The QR code could not be drawn: copy the URL instead.</p>;
  return <canvas ref={canvas} role="img" aria-label={label} className="rounded-md" />;
}
