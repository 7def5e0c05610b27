import { MSG } from '@clinica/shared/messages';
import { MAX_POSICAO_SEGUNDOS } from '@clinica/shared/schemas/conteudo';
import { RotateCw } from 'lucide-react';
import { useEffect, useEffectEvent, useRef, useState } from 'react';
import { Button } from '../../../components/ui/button';
import { POSITION_SAVE_EVERY_MS, VIDEO_DONE_FRACTION } from '../constants';
import styles from './media.module.css';

export interface VideoPlayerProps {
  title: string;
  /** The latest signed URL (a fresh one arrives every 300000 ms). */
  url: string;
  /** Where to resume, in seconds. */
  startAt: number;
  /** Already done: 90 % does not mark it again. */
  done: boolean;
  /** Save the position (throttled while playing; at once on pause and when leaving). */
  onPosition: (posicaoSegundos: number) => void;
  /** 90 % of the video was reached. */
  onWatched: (posicaoSegundos: number) => void;
  /** Ask the API for a fresh signed URL now (the current one failed); null when that failed too. */
  refreshUrl: () => Promise<string | null>;
  /** The video played to its end (the classroom offers the next lesson, ADR 046). */
  onEnded?: () => void;
}

const clampPosition = (t: number) => Math.max(0, Math.min(MAX_POSICAO_SEGUNDOS, Math.floor(t)));

/**
 * `<video controls>` on the signed URL (the server answers HTTP Range, so it
 * seeks). It resumes at the saved position, saves the position at most every
 * 10 s while playing, and reports 90 % watched. A newer URL replaces the
 * current one only while paused or after a load error (an expired URL), so a
 * playing video never jumps; the position and the playing state are kept.
 */
export function VideoPlayer({
  title,
  url,
  startAt,
  done,
  onPosition,
  onWatched,
  refreshUrl,
  onEnded,
}: VideoPlayerProps) {
  const videoRef = useRef<HTMLVideoElement>(null);
  const state = useRef({
    applied: '',
    latest: url,
    lastTime: 0,
    savedAt: 0,
    savedPos: -1,
    done,
    playing: false,
    recovering: false,
  });
  const [failed, setFailed] = useState(false);

  /** Loads `src`, then seeks to `at` and plays again when asked. */
  const load = (video: HTMLVideoElement, src: string, at: number, play: boolean) => {
    state.current.applied = src;
    video.addEventListener(
      'loadedmetadata',
      () => {
        const end = Number.isFinite(video.duration) ? video.duration : Infinity;
        if (at > 0 && at < end - 2) video.currentTime = at;
        if (play) void video.play().catch(() => undefined);
      },
      { once: true },
    );
    video.src = src;
  };

  const savePosition = (t: number) => {
    const s = state.current;
    const pos = clampPosition(t);
    if (pos === s.savedPos) return;
    s.savedPos = pos;
    s.savedAt = Date.now();
    onPosition(pos);
  };
  const saveOnLeave = useEffectEvent(() => {
    if (state.current.lastTime > 0) savePosition(state.current.lastTime);
  });

  const applyUrl = useEffectEvent((next: string) => {
    const s = state.current;
    s.latest = next;
    const video = videoRef.current;
    if (!video) return;
    if (!s.applied) load(video, next, startAt, false);
    else if (next !== s.applied && video.paused) load(video, next, s.lastTime, false);
  });

  useEffect(() => applyUrl(url), [url]);

  // Leaving the item (or the page) keeps where the video stopped.
  useEffect(() => () => saveOnLeave(), []);

  const onTimeUpdate = () => {
    const video = videoRef.current;
    if (!video) return;
    const s = state.current;
    const t = video.currentTime;
    s.lastTime = t;
    const duration = video.duration;
    if (!s.done && Number.isFinite(duration) && duration > 0 && t >= duration * VIDEO_DONE_FRACTION) {
      s.done = true;
      s.savedPos = clampPosition(t);
      s.savedAt = Date.now();
      onWatched(clampPosition(t));
      return;
    }
    if (Date.now() - s.savedAt >= POSITION_SAVE_EVERY_MS) savePosition(t);
  };

  const onPause = () => {
    const video = videoRef.current;
    const s = state.current;
    s.playing = false;
    if (!video) return;
    if (video.currentTime > 0) savePosition(video.currentTime);
    if (s.latest !== s.applied) load(video, s.latest, video.currentTime, false);
  };

  const recover = async (play: boolean) => {
    const s = state.current;
    const video = videoRef.current;
    if (!video || s.recovering) return;
    s.recovering = true;
    const fresh = await refreshUrl();
    s.recovering = false;
    if (!fresh) {
      setFailed(true);
      return;
    }
    setFailed(false);
    s.latest = fresh;
    load(video, fresh, s.lastTime, play);
  };

  const onError = () => {
    const s = state.current;
    // An expired URL: ask for a fresh one once and carry on where it stopped.
    if (s.recovering) return;
    if (s.applied && s.applied !== s.latest) {
      const video = videoRef.current;
      if (video) load(video, s.latest, s.lastTime, s.playing);
      return;
    }
    void recover(s.playing);
  };

  return (
    <div className={styles.videoBox}>
      <video
        ref={videoRef}
        className={styles.video}
        controls
        preload="metadata"
        playsInline
        controlsList="nodownload"
        aria-label={`Vídeo: ${title}`}
        onTimeUpdate={onTimeUpdate}
        onPlay={() => {
          state.current.playing = true;
          setFailed(false);
        }}
        onPause={onPause}
        onEnded={() => {
          state.current.playing = false;
          onEnded?.();
        }}
        onError={onError}
        data-testid="video-player"
      />
      {failed && (
        <div className={styles.mediaError} role="alert">
          <p>{MSG.ocorreuErroTenteNovamente}</p>
          <Button variant="outline" size="sm" onClick={() => void recover(false)}>
            <RotateCw size={16} aria-hidden="true" />
            Tentar novamente
          </Button>
        </div>
      )}
    </div>
  );
}
