/**
 * AVI → MP4 (H.264 + AAC, `+faststart`) with the ffmpeg binary that comes from
 * the npm registry (@ffmpeg-installer/ffmpeg), so every browser can play an
 * uploaded AVI (ADR 015). Spawned without a shell, arguments as a list, with a
 * time limit; only the end of ffmpeg's log is kept for the error message.
 */
import { spawn } from 'node:child_process';
import ffmpegInstaller from '@ffmpeg-installer/ffmpeg';

export const FFMPEG_PATH: string = ffmpegInstaller.path;

/** The last bytes of ffmpeg's stderr kept for the error (it can be very chatty). */
const LOG_MAX = 2000;

export interface ConversaoOpcoes {
  /** Kill ffmpeg after this many milliseconds. */
  timeoutMs: number;
  /** libx264 preset: `veryfast` by default (a good size/speed trade-off on two shared cores). */
  preset?: string;
  /** Threads ffmpeg may use (default 2: leave the API room to answer). */
  threads?: number;
}

/**
 * The ffmpeg arguments: first video and (if any) first audio stream, H.264
 * yuv420p (what every browser decodes) with even dimensions, CRF 23, AAC
 * 128 kb/s, the `moov` box moved to the front so playback starts before the
 * download ends.
 */
function argumentosFfmpeg(entrada: string, saida: string, opcoes: Omit<ConversaoOpcoes, 'timeoutMs'> = {}) {
  return [
    '-hide_banner',
    '-nostdin',
    '-loglevel',
    'error',
    '-y',
    '-i',
    entrada,
    '-map',
    '0:v:0',
    '-map',
    '0:a:0?',
    '-c:v',
    'libx264',
    '-preset',
    opcoes.preset ?? 'veryfast',
    '-crf',
    '23',
    '-pix_fmt',
    'yuv420p',
    '-vf',
    'scale=trunc(iw/2)*2:trunc(ih/2)*2',
    '-c:a',
    'aac',
    '-b:a',
    '128k',
    '-threads',
    String(opcoes.threads ?? 2),
    '-movflags',
    '+faststart',
    '-f',
    'mp4',
    saida,
  ];
}

/** Converts the file at `entrada` into an MP4 at `saida`; rejects with ffmpeg's last log lines on failure or timeout. */
export function converterParaMp4(entrada: string, saida: string, opcoes: ConversaoOpcoes): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(FFMPEG_PATH, argumentosFfmpeg(entrada, saida, opcoes), {
      shell: false,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let log = '';
    let estourou = false;
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (text: string) => {
      log = (log + text).slice(-LOG_MAX);
    });
    const timer = setTimeout(() => {
      estourou = true;
      child.kill('SIGKILL');
    }, opcoes.timeoutMs);
    child.on('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.on('close', (code, signal) => {
      clearTimeout(timer);
      if (estourou) reject(new Error(`ffmpeg passou de ${Math.round(opcoes.timeoutMs / 1000)} s e foi interrompido`));
      else if (code === 0) resolve();
      else reject(new Error(`ffmpeg terminou com ${signal ?? `código ${code}`}: ${log.trim() || 'sem mensagem'}`));
    });
  });
}
