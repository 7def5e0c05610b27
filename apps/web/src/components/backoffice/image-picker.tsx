import { ImageOff, ImageUp, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, type ReactNode } from 'react';
import { Button } from '../ui/button';
import styles from './image-picker.module.css';

/** Author photos and product images are jpeg, jpg, png or webp (docs/behaviour/forms-and-validation.md#back-office-fields). */
const IMAGE_EXTENSIONS = ['jpeg', 'jpg', 'png', 'webp'] as const;
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/webp'];

/** Whether a chosen file is one of the accepted images, by its name and its type. */
function isAcceptedImage(file: File, extensions: readonly string[] = IMAGE_EXTENSIONS): boolean {
  const extension = file.name.toLowerCase().split('.').pop() ?? '';
  return extensions.includes(extension) && (file.type === '' || IMAGE_TYPES.includes(file.type));
}

/** A preview address of a chosen file, released when the file changes or the screen goes away. */
function useObjectUrl(file: File | null): string | null {
  const url = useMemo(() => {
    if (!file) return null;
    try {
      return URL.createObjectURL(file);
    } catch {
      return null; // no preview where object URLs are not available; the file name is still shown
    }
  }, [file]);
  useEffect(
    () => () => {
      if (url) URL.revokeObjectURL(url);
    },
    [url],
  );
  return url;
}

export interface ImagePickerProps {
  label: string;
  /** The chosen file (not sent yet). */
  file: File | null;
  /** The image saved before (shown while no file is chosen). */
  currentSrc?: string | null;
  /** Called with an accepted file, or null when the choice is removed. */
  onChange: (file: File | null) => void;
  /** Called when the chosen file is not an accepted image. */
  onReject: (file: File) => void;
  /** A message about the choice (a refused type). */
  error?: string;
  hint?: ReactNode;
  disabled?: boolean;
  /** The preview's alternative text. */
  alt: string;
  extensions?: readonly string[];
}

/**
 * An image chooser with a preview: the saved image, the chosen one, or an
 * empty frame. Only the accepted types can be chosen.
 */
export function ImagePicker({
  label,
  file,
  currentSrc,
  onChange,
  onReject,
  error,
  hint,
  disabled = false,
  alt,
  extensions = IMAGE_EXTENSIONS,
}: ImagePickerProps) {
  const inputId = useId();
  const messageId = `${inputId}-message`;
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(file);
  const src = preview ?? currentSrc ?? null;
  const accept = extensions.map((e) => `.${e}`).join(',');

  return (
    <div className={styles.picker}>
      <div className={styles.frame} data-testid="image-preview">
        {src ? (
          <img src={src} alt={alt} className={styles.image} />
        ) : (
          <span className={styles.empty}>
            <ImageOff size={28} aria-hidden="true" />
            Sem imagem
          </span>
        )}
      </div>
      <div className={styles.side}>
        <label htmlFor={inputId} className={styles.label}>
          {label}
        </label>
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={accept}
          className="visually-hidden"
          disabled={disabled}
          aria-describedby={error ? messageId : undefined}
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            const chosen = e.target.files?.[0] ?? null;
            e.target.value = '';
            if (!chosen) return;
            if (isAcceptedImage(chosen, extensions)) onChange(chosen);
            else onReject(chosen);
          }}
        />
        <div className={styles.buttons}>
          <Button variant="outline" size="sm" onClick={() => input.current?.click()} disabled={disabled}>
            <ImageUp size={16} aria-hidden="true" />
            {src ? 'Trocar imagem' : 'Escolher imagem'}
          </Button>
          {file && (
            <Button variant="ghost" size="sm" onClick={() => onChange(null)} disabled={disabled}>
              <X size={16} aria-hidden="true" />
              Remover escolha
            </Button>
          )}
        </div>
        {file && <p className={styles.fileName}>{file.name}</p>}
        {error ? (
          <p id={messageId} className={styles.error} role="alert">
            {error}
          </p>
        ) : (
          hint && <p className={styles.hint}>{hint}</p>
        )}
      </div>
    </div>
  );
}
