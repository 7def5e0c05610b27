const numero = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });

/** A size as people read it in a message: '300 KB', '1,5 MB', '2 GB' (powers of 1024, at most one decimal). */
export function tamanhoLegivel(bytes: number): string {
  if (bytes >= 1024 ** 3) return `${numero.format(bytes / 1024 ** 3)} GB`;
  if (bytes >= 1024 ** 2) return `${numero.format(bytes / 1024 ** 2)} MB`;
  return `${numero.format(Math.max(bytes, 0) / 1024)} KB`;
}
