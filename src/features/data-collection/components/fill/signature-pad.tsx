import { Eraser, PenLine } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from '@/components/ui/button';

interface Props {
  id: string;
  label: string;
  describedBy: string;
  /** The signature as a PNG, when the person keeps it. */
  onSign(png: Blob): void;
}

/**
 * XLSForm's `image` with appearance `signature`: drawn with a finger, a stylus or a mouse (pointer
 * events), then kept as a picture. Strokes follow the canvas' own pixel size, so a signature drawn on
 * a small phone is as sharp as the screen.
 */
export function SignaturePad({ id, label, describedBy, onSign }: Props) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const last = useRef<{ x: number; y: number } | null>(null);
  const [drawn, setDrawn] = useState(false);

  const pointAt = (e: React.PointerEvent<HTMLCanvasElement>) => {
    const box = e.currentTarget.getBoundingClientRect();
    return {
      x: ((e.clientX - box.left) / box.width) * e.currentTarget.width,
      y: ((e.clientY - box.top) / box.height) * e.currentTarget.height,
    };
  };
  const stroke = (to: { x: number; y: number }) => {
    const context = canvas.current?.getContext('2d');
    const from = last.current;
    if (!context || !from) return;
    context.lineWidth = 3;
    context.lineCap = 'round';
    context.strokeStyle = '#0f172a';
    context.beginPath();
    context.moveTo(from.x, from.y);
    context.lineTo(to.x, to.y);
    context.stroke();
    last.current = to;
    setDrawn(true);
  };
  const clear = () => {
    const c = canvas.current;
    c?.getContext('2d')?.clearRect(0, 0, c.width, c.height);
    setDrawn(false);
  };

  return (
    <div className="flex flex-col gap-2">
      <canvas
        id={id}
        ref={canvas}
        width={600}
        height={200}
        tabIndex={0}
        role="img"
        aria-label={`${label}: sign here with a finger, a stylus or a mouse`}
        aria-describedby={describedBy}
        className="h-40 w-full max-w-xl touch-none rounded-lg border border-slate-300 bg-white dark:border-slate-600"
        onPointerDown={(e) => {
          e.currentTarget.setPointerCapture(e.pointerId);
          last.current = pointAt(e);
        }}
        onPointerMove={(e) => {
          if (last.current) stroke(pointAt(e));
        }}
        onPointerUp={() => {
          last.current = null;
        }}
        onPointerCancel={() => {
          last.current = null;
        }}
      />
      <div className="flex flex-wrap gap-2">
        <Button
          variant="secondary"
          disabled={!drawn}
          onClick={() => canvas.current?.toBlob((png) => png && onSign(png), 'image/png')}
        >
          <PenLine aria-hidden className="size-4" />
          Keep signature
        </Button>
        <Button variant="ghost" disabled={!drawn} onClick={clear}>
          <Eraser aria-hidden className="size-4" />
          Clear
        </Button>
      </div>
    </div>
  );
}
