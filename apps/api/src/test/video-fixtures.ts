/** Course videos for the upload and conversion tests (modules/conteudo, integrations/files). */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { FFMPEG_PATH } from '../modules/conteudo/conteudo-video.js';

/** A tiny real AVI (MPEG-4 video + audio), made by the same ffmpeg the conversion uses. */
export function aviDeTeste(): Buffer {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'avi-teste-'));
  try {
    const arquivo = path.join(dir, 'aula.avi');
    execFileSync(FFMPEG_PATH, [
      '-hide_banner',
      '-loglevel',
      'error',
      '-f',
      'lavfi',
      '-i',
      'testsrc=duration=1:size=64x64:rate=10',
      '-f',
      'lavfi',
      '-i',
      'sine=duration=1',
      '-y',
      arquivo,
    ]);
    return fs.readFileSync(arquivo);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
