import fp from 'fastify-plugin';

/**
 * Graceful shutdown: once `app.close()` starts, every response still being
 * written carries `Connection: close`, so keep-alive clients hang up after the
 * answer they were waiting for and the server can finish closing instead of
 * waiting for idle sockets. New requests get Fastify's 503 while closing.
 */
export const gracefulClosePlugin = fp(
  async (app) => {
    let closing = false;
    app.addHook('preClose', (done) => {
      closing = true;
      done();
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (closing) reply.header('connection', 'close');
      done(null, payload);
    });
  },
  { name: 'clinica-graceful-close' },
);
