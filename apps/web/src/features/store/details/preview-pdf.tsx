import { MSG_CURSO } from '@clinica/shared/messages-curso';
import { ChevronLeft, ChevronRight } from 'lucide-react';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useLayoutEffect, useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { Button } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/spinner';
import styles from './preview-dialog.module.css';

// The worker comes from our own origin (the CSP allows only 'self'), set in the module that renders <Document>.
pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;

/** PDF.js options: no eval (CSP without 'unsafe-eval'). */
const PDF_OPTIONS = { isEvalSupported: false } as const;

/** A preview PDF (ADR 047), one page at a time, as wide as the dialog. */
export default function PreviewPdf({ url, titulo, onError }: { url: string; titulo: string; onError: () => void }) {
  const frame = useRef<HTMLDivElement>(null);
  const [largura, setLargura] = useState(0);
  const [paginas, setPaginas] = useState(0);
  const [pagina, setPagina] = useState(1);
  useLayoutEffect(() => {
    setLargura(frame.current?.clientWidth ?? 0);
  }, []);
  return (
    <div className={styles.pdf}>
      <div className={styles.pdfFrame} ref={frame} role="document" aria-label={`PDF: ${titulo}`}>
        {largura > 0 && (
          <Document
            file={url}
            options={PDF_OPTIONS}
            onLoadSuccess={({ numPages }) => setPaginas(numPages)}
            onLoadError={onError}
            loading={<LoadingBlock text={MSG_CURSO.previaCarregando} />}
          >
            <Page
              pageNumber={pagina}
              width={largura}
              renderTextLayer={false}
              renderAnnotationLayer={false}
              loading={<LoadingBlock text={MSG_CURSO.previaCarregando} />}
            />
          </Document>
        )}
      </div>
      {paginas > 0 && (
        <nav className={styles.pager} aria-label="Páginas da prévia">
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPagina((p) => p - 1)}
            disabled={pagina <= 1}
            aria-label={MSG_CURSO.paginaAnterior}
          >
            <ChevronLeft size={16} aria-hidden="true" />
          </Button>
          <span aria-live="polite">
            {MSG_CURSO.paginaDe.replace('{atual}', String(pagina)).replace('{total}', String(paginas))}
          </span>
          <Button
            variant="outline"
            size="sm"
            onClick={() => setPagina((p) => p + 1)}
            disabled={pagina >= paginas}
            aria-label={MSG_CURSO.proximaPagina}
          >
            <ChevronRight size={16} aria-hidden="true" />
          </Button>
        </nav>
      )}
    </div>
  );
}
