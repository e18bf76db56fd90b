import { ScanLine } from 'lucide-react';
import { useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import type { QuestionInputProps } from './question-input';

type Props = QuestionInputProps & { label: string; hint: string | undefined; id: string };

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(image: ImageBitmapSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new () => BarcodeDetectorLike;

/** The browser's Shape Detection API, where it has one (Chrome on Android does). */
const detectorClass = (): BarcodeDetectorClass | undefined =>
  (globalThis as { BarcodeDetector?: BarcodeDetectorClass }).BarcodeDetector;

/**
 * A barcode or QR code: typed, or read from a photo of it where the browser can decode one. Where it
 * cannot, the field alone is shown: the code printed under the bars can always be typed.
 */
export function BarcodeInput({ id, label, hint, error, value, onChange, readOnly }: Props) {
  const [status, setStatus] = useState('');
  const Detector = detectorClass();
  const scan = async (photo: File) => {
    if (!Detector) return;
    setStatus('Reading the code…');
    try {
      const found = await new Detector().detect(await createImageBitmap(photo));
      const code = found[0]?.rawValue;
      if (code) {
        onChange(code);
        setStatus('Code read.');
      } else setStatus('No code found in the photo; try closer, or type it.');
    } catch {
      setStatus('The photo could not be read; type the code instead.');
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <Field
        id={id}
        label={label}
        hint={hint}
        error={error}
        readOnly={readOnly}
        disabled={readOnly}
        value={value}
        autoComplete="off"
        onChange={(e) => onChange(e.target.value)}
      />
      {Detector && !readOnly && (
        <label className={buttonClass('secondary', 'cursor-pointer self-start focus-within:ring-2')}>
          <ScanLine aria-hidden className="size-4" />
          Scan with the camera
          <input
            type="file"
            accept="image/*"
            capture="environment"
            className="sr-only"
            onChange={(e) => {
              const photo = e.target.files?.[0];
              e.target.value = '';
              if (photo) void scan(photo);
            }}
          />
        </label>
      )}
      <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
        {status}
      </p>
    </div>
  );
}
