import { CircleAlert, FileText, ImagePlus, Upload, X } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, type Ref } from 'react';
import styles from './file-picker.module.css';

export interface FilePickerProps {
  label: string;
  /** The `accept` of the input (types the server takes). */
  accept: string;
  multiple?: boolean;
  files: readonly File[];
  onChange: (files: File[]) => void;
  onBlur?: () => void;
  /** What the button says ('Escolher imagens'). */
  buttonText: string;
  hint?: string;
  error?: string | undefined;
  /** Per file, its own problem (same order as `files`). */
  fileErrors?: readonly (string | undefined)[];
  disabled?: boolean;
  /** Pictures get a preview; other files an icon. */
  kind?: 'image' | 'file';
  ref?: Ref<HTMLInputElement>;
  name?: string;
}

const sizeText = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1).replace('.', ',')} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

/** Object URLs of the picked pictures (revoked when they change); none where the browser has no createObjectURL. */
function usePreviews(files: readonly File[], enabled: boolean) {
  const urls = useMemo(
    () =>
      files.map((f) =>
        enabled && typeof URL.createObjectURL === 'function' && f.type.startsWith('image/')
          ? URL.createObjectURL(f)
          : null,
      ),
    [files, enabled],
  );
  useEffect(
    () => () => {
      for (const url of urls) if (url) URL.revokeObjectURL(url);
    },
    [urls],
  );
  return urls;
}

/**
 * A file input drawn as a button, with the picked files listed below (preview,
 * name, size, remove). The native input stays in the page for the keyboard,
 * screen readers and tests; choosing again adds to the list when `multiple`.
 */
export function FilePicker({
  label,
  accept,
  multiple = false,
  files,
  onChange,
  onBlur,
  buttonText,
  hint,
  error,
  fileErrors = [],
  disabled = false,
  kind = 'image',
  ref,
  name,
}: FilePickerProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement | null>(null);
  const previews = usePreviews(files, kind === 'image');
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

  return (
    <div className={`${styles.picker} ${error ? styles.invalid : ''}`}>
      <span className={styles.label} id={`${id}-label`}>
        {label}
      </span>
      <input
        ref={(el) => {
          inputRef.current = el;
          if (typeof ref === 'function') ref(el);
          else if (ref) ref.current = el;
        }}
        id={id}
        name={name}
        type="file"
        className={styles.input}
        accept={accept}
        multiple={multiple}
        disabled={disabled}
        aria-labelledby={`${id}-label`}
        aria-describedby={describedBy}
        aria-invalid={error ? true : undefined}
        onChange={(e) => {
          const picked = Array.from(e.target.files ?? []);
          e.target.value = '';
          if (picked.length === 0) return;
          onChange(multiple ? [...files, ...picked] : picked.slice(0, 1));
        }}
        onBlur={onBlur}
      />
      <label htmlFor={id} className={styles.button} aria-hidden="true">
        {kind === 'image' ? <ImagePlus size={18} /> : <Upload size={18} />}
        {buttonText}
      </label>
      {hint && (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={styles.error} role="alert">
          <CircleAlert size={16} aria-hidden="true" />
          {error}
        </p>
      )}
      {files.length > 0 && (
        <ul className={styles.list} aria-label={`${label}: arquivos escolhidos`}>
          {files.map((file, i) => (
            <li key={`${file.name}-${i}`} className={`${styles.item} ${fileErrors[i] ? styles.itemInvalid : ''}`}>
              <span className={styles.preview}>
                {previews[i] ? <img src={previews[i]!} alt="" /> : <FileText size={20} aria-hidden="true" />}
              </span>
              <span className={styles.fileText}>
                <span className={styles.fileName}>
                  {multiple && <span className={styles.order}>{i + 1}.</span>} {file.name}
                </span>
                <span className={fileErrors[i] ? styles.fileError : styles.fileSize}>
                  {fileErrors[i] ?? sizeText(file.size)}
                </span>
              </span>
              <button
                type="button"
                className={styles.remove}
                onClick={() => onChange(files.filter((_, j) => j !== i))}
                aria-label={`Remover ${file.name}`}
                disabled={disabled}
              >
                <X size={16} aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
