import { useEffect, useRef } from 'react';
import { RECORDING } from './voice-constants';

/** The live level of the microphone as bars, redrawn at 15 fps (spec §9). */
export function Waveform({ analyser }: { analyser: AnalyserNode | undefined }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const canvas = canvasRef.current;
    const context = canvas?.getContext('2d');
    if (!analyser || !canvas || !context) return;
    const samples = new Uint8Array(analyser.fftSize);
    const bars = 24;
    const draw = () => {
      analyser.getByteTimeDomainData(samples);
      context.clearRect(0, 0, canvas.width, canvas.height);
      context.fillStyle = getComputedStyle(canvas).color;
      const step = Math.floor(samples.length / bars);
      for (let bar = 0; bar < bars; bar += 1) {
        let peak = 0;
        for (let i = bar * step; i < (bar + 1) * step; i += 1) peak = Math.max(peak, Math.abs((samples[i] ?? 128) - 128) / 128);
        const height = Math.max(2, peak * canvas.height);
        context.fillRect((bar * canvas.width) / bars, (canvas.height - height) / 2, canvas.width / bars - 1, height);
      }
    };
    const timer = window.setInterval(draw, 1000 / RECORDING.waveformFps);
    return () => window.clearInterval(timer);
  }, [analyser]);
  return <canvas ref={canvasRef} width={96} height={24} aria-hidden className="h-6 w-16 text-red-500 sm:w-24" />;
}
