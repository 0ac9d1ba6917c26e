import { ImagePlus } from 'lucide-react';
import { buttonClasses } from '@/ui';
import { TOUCH_ICON } from '../touch-size';
import type { ImageFiles } from './use-image-files';

/** The composer's attach button: picks files, or on a phone the camera or gallery (`accept="image/*"` offers both). */
export function AttachImageButton({ images, disabled }: { images: ImageFiles; disabled: boolean | undefined }) {
  return (
    <label aria-label="Attach images" title="Attach images" className={buttonClasses('ghost', 'icon', `${TOUCH_ICON} cursor-pointer has-disabled:pointer-events-none has-disabled:opacity-50`)}>
      <ImagePlus size={16} aria-hidden />
      <input
        type="file"
        accept="image/*"
        multiple
        hidden
        disabled={disabled}
        data-testid="attach-images-input"
        onChange={(event) => {
          images.add([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
    </label>
  );
}
