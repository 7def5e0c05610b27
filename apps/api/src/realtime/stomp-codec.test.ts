import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  escapeHeader,
  parseFrame,
  serializeFrame,
  StompParser,
  StompProtocolError,
  unescapeHeader,
  type StompFrame,
} from './stomp-codec.js';

const plain = (frame: StompFrame) => ({ ...frame, headers: { ...frame.headers } });

describe('STOMP 1.2: cabeçalhos', () => {
  it('escapa e desescapa \\\\, \\r, \\n e :', () => {
    expect(escapeHeader('a:b\\c\nd\re')).toBe('a\\cb\\\\c\\nd\\re');
    expect(unescapeHeader('a\\cb\\\\c\\nd\\re')).toBe('a:b\\c\nd\re');
  });

  it('sequência de escape indefinida é erro fatal', () => {
    expect(() => unescapeHeader('a\\tb')).toThrow(StompProtocolError);
    expect(() => unescapeHeader('fim\\')).toThrow(StompProtocolError);
  });

  it('escapar e desescapar é a identidade', () => {
    fc.assert(fc.property(fc.string(), (s) => unescapeHeader(escapeHeader(s)) === s));
  });
});

describe('STOMP 1.2: serialização', () => {
  it('comando, cabeçalhos na ordem, linha vazia, corpo e NUL; content-length em bytes UTF-8', () => {
    expect(serializeFrame({ command: 'MESSAGE', headers: { destination: '/x', 'a:b': 'c\nd' }, body: 'ção' })).toBe(
      'MESSAGE\ndestination:/x\na\\cb:c\\nd\ncontent-length:5\n\nção\0',
    );
  });

  it('sem corpo, sem content-length', () => {
    expect(serializeFrame({ command: 'RECEIPT', headers: [['receipt-id', 7]] })).toBe('RECEIPT\nreceipt-id:7\n\n\0');
  });

  it('CONNECTED não escapa (regra do 1.2 para CONNECT/CONNECTED)', () => {
    expect(serializeFrame({ command: 'CONNECTED', headers: { 'heart-beat': '4000,4000', x: 'a:b' } })).toBe(
      'CONNECTED\nheart-beat:4000,4000\nx:a:b\n\n\0',
    );
    expect(() => serializeFrame({ command: 'CONNECTED', headers: { x: 'a\nb' } })).toThrow(StompProtocolError);
  });

  it('recusa comando inválido', () => {
    expect(() => serializeFrame({ command: 'message' })).toThrow(StompProtocolError);
  });
});

describe('STOMP 1.2: leitura', () => {
  it('lê um quadro simples', () => {
    const frame = parseFrame('SUBSCRIBE\nid:sub-0\ndestination:/user/1/queue/notifications\n\n\0');
    expect(plain(frame)).toEqual({
      command: 'SUBSCRIBE',
      headers: { id: 'sub-0', destination: '/user/1/queue/notifications' },
      body: '',
    });
  });

  it('aceita CRLF como fim de linha', () => {
    const frame = parseFrame('SEND\r\ndestination:/a\r\n\r\ncorpo\0\r\n');
    expect(plain(frame)).toEqual({ command: 'SEND', headers: { destination: '/a' }, body: 'corpo' });
  });

  it('desescapa cabeçalhos, exceto em CONNECT e STOMP', () => {
    expect(parseFrame('SEND\na\\cb:c\\nd\n\n\0').headers).toEqual({ 'a:b': 'c\nd' });
    expect({ ...parseFrame('CONNECT\nlogin:a\\c\npasscode:x:y\n\n\0').headers }).toEqual({
      login: 'a\\c',
      passcode: 'x:y',
    });
    expect({ ...parseFrame('STOMP\nAuthorization:Bearer a.b.c\n\n\0').headers }).toEqual({
      Authorization: 'Bearer a.b.c',
    });
  });

  it('valor pode ter dois-pontos (divide no primeiro) e ser vazio', () => {
    expect({ ...parseFrame('SEND\nx:a:b\ny:\n\n\0').headers }).toEqual({ x: 'a:b', y: '' });
  });

  it('cabeçalho repetido: vale o primeiro', () => {
    expect(parseFrame('MESSAGE\nfoo:World\nfoo:Hello\n\n\0').headers.foo).toBe('World');
  });

  it('content-length é respeitado: o corpo pode conter NUL', () => {
    const body = 'a\0b\0ç';
    const frame = parseFrame(serializeFrame({ command: 'SEND', headers: { destination: '/a' }, body }));
    expect(frame.body).toBe(body);
    expect(frame.headers['content-length']).toBe('6');
  });

  it('sem NUL depois de content-length bytes: erro', () => {
    expect(() => parseFrame('SEND\ncontent-length:2\n\nabc\0')).toThrow(StompProtocolError);
  });

  it('content-length inválido: erro', () => {
    expect(() => parseFrame('SEND\ncontent-length:-1\n\n\0')).toThrow(StompProtocolError);
    expect(() => parseFrame('SEND\ncontent-length:x\n\n\0')).toThrow(StompProtocolError);
  });

  it('comando inválido ou cabeçalho sem dois-pontos: erro', () => {
    expect(() => parseFrame('send\n\n\0')).toThrow(StompProtocolError);
    expect(() => parseFrame('SEND\nsem-dois-pontos\n\n\0')).toThrow(StompProtocolError);
    expect(() => parseFrame('SEND\n:valor\n\n\0')).toThrow(StompProtocolError);
  });

  it('quadro incompleto ou dois quadros: parseFrame recusa', () => {
    expect(() => parseFrame('SEND\n\n')).toThrow(/incompleto/);
    expect(() => parseFrame('SEND\n\n\0SEND\n\n\0')).toThrow(/Mais de um/);
  });

  it('ida e volta: serializar e ler devolve o mesmo quadro', () => {
    const name = fc.string({ minLength: 1, maxLength: 12 }).filter((n) => n !== 'content-length');
    fc.assert(
      fc.property(
        fc.constantFrom('SEND', 'MESSAGE', 'SUBSCRIBE', 'ERROR'),
        fc.uniqueArray(fc.tuple(name, fc.string({ maxLength: 20 })), { selector: ([n]) => n, maxLength: 6 }),
        fc.string({ maxLength: 200, unit: 'binary' }),
        (command, headers, body) => {
          const frame = parseFrame(serializeFrame({ command, headers, body }));
          expect(frame.command).toBe(command);
          expect(frame.body).toBe(body);
          for (const [n, v] of headers) expect(frame.headers[n]).toBe(v);
        },
      ),
    );
  });
});

describe('STOMP 1.2: fluxo (StompParser)', () => {
  it('ignora heart-beats (EOL) entre quadros e os conta', () => {
    const parser = new StompParser();
    expect(parser.push('\n')).toEqual([]);
    expect(parser.push('\r\n\n')).toEqual([]);
    const frames = parser.push('\nDISCONNECT\nreceipt:77\n\n\0\n\n');
    expect(frames.map((f) => f.command)).toEqual(['DISCONNECT']);
    expect(parser.heartbeats).toBe(6);
    expect(parser.pendingBytes).toBe(0);
  });

  it('vários quadros numa mensagem e um quadro em várias mensagens, em qualquer corte', () => {
    const text =
      serializeFrame({ command: 'SUBSCRIBE', headers: { id: '1', destination: '/d' } }) +
      '\n' +
      serializeFrame({ command: 'SEND', headers: { destination: '/d' }, body: 'olá\0mundo' }) +
      serializeFrame({ command: 'DISCONNECT', headers: { receipt: 'r' } });
    const bytes = Buffer.from(text, 'utf8');
    fc.assert(
      fc.property(fc.uniqueArray(fc.integer({ min: 1, max: bytes.length - 1 }), { maxLength: 8 }), (cuts) => {
        const parser = new StompParser();
        const points = [0, ...[...cuts].sort((a, b) => a - b), bytes.length];
        const frames: StompFrame[] = [];
        for (let i = 0; i + 1 < points.length; i++)
          frames.push(...parser.push(bytes.subarray(points[i], points[i + 1])));
        expect(frames.map((f) => f.command)).toEqual(['SUBSCRIBE', 'SEND', 'DISCONNECT']);
        expect(frames[1]!.body).toBe('olá\0mundo');
        expect(parser.pendingBytes).toBe(0);
      }),
    );
  });

  it('quadro maior que o limite: erro, mesmo antes de chegar inteiro', () => {
    const parser = new StompParser({ maxFrameBytes: 100 });
    expect(parser.push('SEND\ndestination:/a\n\n')).toEqual([]);
    expect(() => parser.push('x'.repeat(100))).toThrow(/maior que 100 bytes/);
    // Depois de um erro o parser não aceita mais nada (a conexão será fechada).
    expect(() => parser.push('\n')).toThrow(StompProtocolError);
  });

  it('content-length acima do limite: erro sem esperar o corpo', () => {
    const parser = new StompParser({ maxFrameBytes: 100 });
    expect(() => parser.push('SEND\ncontent-length:1000\n\n')).toThrow(/maior que/);
  });

  it('cabeçalhos sem fim acima do limite: erro', () => {
    const parser = new StompParser({ maxFrameBytes: 100 });
    expect(() => parser.push(`SEND\nx:${'y'.repeat(200)}`)).toThrow(/maior que/);
  });

  it('cabeçalhos demais: erro', () => {
    const parser = new StompParser({ maxHeaders: 3 });
    expect(() => parser.push('SEND\na:1\nb:2\nc:3\nd:4\n\n\0')).toThrow(/Cabeçalhos demais/);
  });

  it('quadros no limite exato passam', () => {
    const frame = serializeFrame({ command: 'SEND', body: 'x'.repeat(50) });
    const size = Buffer.byteLength(frame);
    expect(new StompParser({ maxFrameBytes: size }).push(frame)).toHaveLength(1);
    expect(() => new StompParser({ maxFrameBytes: size - 1 }).push(frame)).toThrow(/maior que/);
  });
});
