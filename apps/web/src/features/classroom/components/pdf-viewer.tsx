import { MSG } from '@clinica/shared/messages';
import { ChevronLeft, ChevronRight, Download, RotateCw, ZoomIn, ZoomOut } from 'lucide-react';
import workerSrc from 'pdfjs-dist/build/pdf.worker.min.mjs?url';
import { useRef, useState, type CSSProperties } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { Button } from '../../../components/ui/button';
import { LoadingBlock } from '../../../components/ui/spinner';
import { PDF_SCALE, PDF_ZOOMS } from '../constants';
import styles from './media.module.css';

// The worker comes from our own origin (the CSP allows only 'self'), set in the module that renders <Document>.
pdfjs.GlobalWorkerOptions.workerSrc = workerSrc;

/** PDF.js options: no eval (CSP without 'unsafe-eval'). */
const PDF_OPTIONS = { isEvalSupported: false } as const;

export interface PdfViewerProps {
  title: string;
  /** The signed URL of the PDF: read once (a newer URL of the refresh does not reload it; a retry remounts). */
  url: string;
  /** The last page was reached (the reading counts as done). */
  onLastPage: () => void;
  /** Asks for a fresh signed URL and loads again. */
  onRetry: () => void;
  /** The signed URL that downloads the file, when the staff allow it (ADR 046); null: no download offered. */
  downloadUrl: string | null;
}

/**
 * A PDF drawn by react-pdf at scale 1.5 (docs/behaviour/timings-and-limits.md#layout), one page at a time with
 * 'Anterior' / 'Próxima' and 'Página X de Y'; reaching the last page reports
 * the reading as done. A load failure shows 'Erro ao carregar pdf. tente
 * novamente mais tarde.' with a retry.
 *
 * On a phone the page fits the screen's width (ADR 046): at 100 % it is never wider than its frame; the zoom
 * (up to 300 %) draws it sharper and larger, and only the frame scrolls sideways, never the page. 'Baixar PDF'
 * when the staff allow the download.
 */
export default function PdfViewer({ title, url, onLastPage, onRetry, downloadUrl }: PdfViewerProps) {
  const [file] = useState(url);
  const [zoom, setZoom] = useState(0);
  const fator = PDF_ZOOMS[zoom]!;
  const [numPages, setNumPages] = useState(0);
  const [page, setPage] = useState(1);
  const [failed, setFailed] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const reportedLast = useRef(false);

  const goTo = (next: number, total = numPages) => {
    const target = Math.min(Math.max(1, next), Math.max(1, total));
    setPage(target);
    frameRef.current?.scrollTo?.({ top: 0 });
    if (target === total && total > 0 && !reportedLast.current) {
      reportedLast.current = true;
      onLastPage();
    }
  };

  if (failed) {
    return (
      <div className={styles.mediaError} role="alert">
        <p>{MSG.erroCarregarPdf}</p>
        <Button
          variant="outline"
          size="sm"
          onClick={() => {
            setFailed(false);
            onRetry();
          }}
        >
          <RotateCw size={16} aria-hidden="true" />
          Tentar novamente
        </Button>
      </div>
    );
  }

  return (
    <div className={styles.pdf}>
      <div className={styles.pdfTools} role="toolbar" aria-label="Ferramentas do PDF">
        <div className={styles.zoom}>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setZoom((z) => Math.max(0, z - 1))}
            disabled={zoom === 0}
            aria-label="Diminuir zoom"
          >
            <ZoomOut size={18} aria-hidden="true" />
          </Button>
          <span className={styles.zoomInfo} aria-live="polite" aria-label={`Zoom de ${Math.round(fator * 100)}%`}>
            {Math.round(fator * 100)}%
          </span>
          <Button
            variant="ghost"
            size="sm"
            onClick={() => setZoom((z) => Math.min(PDF_ZOOMS.length - 1, z + 1))}
            disabled={zoom === PDF_ZOOMS.length - 1}
            aria-label="Aumentar zoom"
          >
            <ZoomIn size={18} aria-hidden="true" />
          </Button>
        </div>
        {downloadUrl && (
          <a className={styles.downloadLink} href={downloadUrl} download>
            <Download size={16} aria-hidden="true" />
            Baixar PDF
          </a>
        )}
      </div>
      <div
        className={`${styles.pdfFrame} ${fator > 1 ? styles.zoomed : ''}`}
        style={fator > 1 ? ({ '--pdf-zoom': fator } as CSSProperties) : undefined}
        ref={frameRef}
        aria-label={`PDF: ${title}`}
        role="document"
        data-zoom={fator}
      >
        <Document
          file={file}
          options={PDF_OPTIONS}
          onLoadSuccess={({ numPages: total }) => {
            setNumPages(total);
            goTo(1, total);
          }}
          onLoadError={() => setFailed(true)}
          loading={<LoadingBlock text="Carregando PDF..." />}
          error={<p role="alert">{MSG.erroCarregarPdf}</p>}
        >
          <Page
            pageNumber={page}
            scale={PDF_SCALE * fator}
            renderTextLayer={false}
            renderAnnotationLayer={false}
            className={styles.pdfPage}
            loading={<LoadingBlock text="Carregando página..." />}
          />
        </Document>
      </div>
      {numPages > 0 && (
        <nav className={styles.pager} aria-label="Páginas do PDF">
          <Button variant="outline" size="sm" onClick={() => goTo(page - 1)} disabled={page <= 1}>
            <ChevronLeft size={16} aria-hidden="true" />
            Anterior
          </Button>
          <span className={styles.pageInfo} aria-live="polite">
            Página {page} de {numPages}
          </span>
          <Button variant="outline" size="sm" onClick={() => goTo(page + 1)} disabled={page >= numPages}>
            Próxima
            <ChevronRight size={16} aria-hidden="true" />
          </Button>
        </nav>
      )}
    </div>
  );
}
