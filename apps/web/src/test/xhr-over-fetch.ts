/**
 * XMLHttpRequest over the (mocked) fetch, for uploads that report progress
 * (lib/backoffice/conteudo-upload.ts): `vi.stubGlobal('XMLHttpRequest', XhrSobreFetch)`
 * after `mockApi`, and the same handlers answer. It reports 40 % once before sending.
 */
export class XhrSobreFetch {
  upload: { onprogress: ((e: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  status = 0;
  responseText = '';
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  private method = 'GET';
  private url = '';
  private headers: Record<string, string> = {};
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  abort() {
    this.onabort?.();
  }
  send(body: FormData) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: 40, total: 100 });
    void fetch(this.url, { method: this.method, headers: this.headers, body }).then(
      async (res) => {
        this.status = res.status;
        this.responseText = await res.text();
        this.onload?.();
      },
      () => this.onerror?.(),
    );
  }
}
