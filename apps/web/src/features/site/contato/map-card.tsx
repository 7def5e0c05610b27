import { MSG } from '@clinica/shared/messages';
import { ExternalLink, Map as MapIcon, MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import mapArt from '../assets/mapa.svg?no-inline';
import { cepLine, cityLine, mapsEmbedUrl, mapsSearchUrl, streetLine, type Endereco } from '../clinic-data';
import { CONTATO } from '../content/contato';
import styles from './contact-page.module.css';

type MapState = 'idle' | 'loading' | 'shown' | 'failed';

/** How long the embedded map may take before the card says it could not load it. */
const MAP_TIMEOUT_MS = 10_000;

/**
 * The clinic's address on a drawn map, always useful offline, with 'Ver no
 * mapa' (Google Maps in a new tab). The interactive map is a Google Maps
 * iframe loaded only when the visitor asks for it, and shown only once it has
 * loaded: until then (and if it is blocked or offline) the drawn map stays.
 */
export function MapCard({ endereco }: { endereco: Endereco }) {
  const [state, setState] = useState<MapState>('idle');
  const frameUrl = mapsEmbedUrl(endereco);
  const revealTimer = useRef<number | undefined>(undefined);

  useEffect(() => {
    if (state !== 'loading') return;
    // A frame refused by the page's Content-Security-Policy never shows the map.
    const onViolation = (event: SecurityPolicyViolationEvent) => {
      if (event.effectiveDirective.startsWith('frame-src') || event.blockedURI.includes('google.')) setState('failed');
    };
    document.addEventListener('securitypolicyviolation', onViolation);
    const timeout = window.setTimeout(() => setState((s) => (s === 'loading' ? 'failed' : s)), MAP_TIMEOUT_MS);
    return () => {
      document.removeEventListener('securitypolicyviolation', onViolation);
      window.clearTimeout(timeout);
    };
  }, [state]);

  useEffect(() => () => window.clearTimeout(revealTimer.current), []);

  const loadMap = () => setState(navigator.onLine === false ? 'failed' : 'loading');
  const onFrameLoad = () => {
    // The policy report comes a moment after the blocked frame's load event: wait for it before revealing.
    revealTimer.current = window.setTimeout(() => setState((s) => (s === 'loading' ? 'shown' : s)), 400);
  };

  return (
    <section className={styles.card} aria-labelledby="mapa-title">
      <h2 id="mapa-title" className={styles.cardTitle}>
        {CONTATO.mapaTitulo}
      </h2>
      <address className={styles.address}>
        <MapPin size={18} aria-hidden="true" />
        <span>
          {streetLine(endereco)}
          <br />
          {cityLine(endereco)}
          <br />
          {cepLine(endereco)}
        </span>
      </address>

      <div className={styles.map} data-state={state}>
        <img className={styles.mapArt} src={mapArt} width={600} height={300} alt="" loading="lazy" decoding="async" />
        {(state === 'loading' || state === 'shown') && (
          <iframe
            className={styles.mapFrame}
            src={frameUrl}
            title={`Mapa: ${streetLine(endereco)}, ${cityLine(endereco)}`}
            loading="lazy"
            referrerPolicy="no-referrer-when-downgrade"
            onLoad={onFrameLoad}
            data-testid="map-frame"
          />
        )}
        {state === 'idle' && (
          <Button variant="outline" size="sm" className={styles.mapButton} onClick={loadMap}>
            <MapIcon size={16} aria-hidden="true" />
            Mostrar mapa interativo
          </Button>
        )}
        {state === 'loading' && (
          <span className={styles.mapStatus} role="status">
            <Spinner size="sm" /> Carregando mapa…
          </span>
        )}
      </div>
      {state === 'failed' && (
        <p className={styles.mapFailed} role="status">
          {MSG.mapaIndisponivel}
        </p>
      )}
      {state === 'idle' && <p className={styles.hint}>{CONTATO.mapaAviso}</p>}

      <a className={styles.external} href={mapsSearchUrl(endereco)} target="_blank" rel="noopener noreferrer">
        Ver no mapa
        <ExternalLink size={16} aria-hidden="true" />
        <span className="visually-hidden">(abre o Google Maps em nova aba)</span>
      </a>
    </section>
  );
}
