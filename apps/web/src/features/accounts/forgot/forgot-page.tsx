import { Mail, ShieldCheck, TimerReset } from 'lucide-react';
import { AuthShell } from '../../../components/layout/auth-shell';
import { pagePart } from '../../../lib/page-part';

/** The steps, their rules and react-hook-form come after the page's own code (lib/page-part.tsx). */
const ForgotForm = pagePart(() => import('./forgot-form').then((m) => m.ForgotForm));

/** /forgot: e-mail → 6-digit code → new password, then /signIn (the steps are in forgot-form.tsx). */
export function ForgotPage() {
  return (
    <AuthShell
      title="Recuperar senha"
      subtitle="Vamos enviar um código para o seu e-mail. Com ele você cria uma nova senha em poucos passos."
      panelTitle="Recupere seu acesso"
      panelText="Acontece com todo mundo. Confirme que o e-mail é seu e escolha uma nova senha para voltar às suas compras e cursos."
      highlights={[
        { icon: <Mail size={20} />, text: 'Código de 6 dígitos no seu e-mail' },
        { icon: <TimerReset size={20} />, text: 'Válido por 15 minutos' },
        { icon: <ShieldCheck size={20} />, text: 'Sua conta sempre protegida' },
      ]}
      footer={{ text: 'Lembrou a senha?', to: '/signIn', link: 'Voltar para o login' }}
    >
      <ForgotForm />
    </AuthShell>
  );
}

export { ForgotPage as Component };
