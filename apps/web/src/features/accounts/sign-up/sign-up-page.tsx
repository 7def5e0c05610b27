import { MSG_TERMOS } from '@clinica/shared/messages-termos';
import { Building2, GraduationCap, PackageCheck } from 'lucide-react';
import { Link } from 'react-router';
import { AuthShell } from '../../../components/layout/auth-shell';
import { pagePart } from '../../../lib/page-part';
import styles from './sign-up-page.module.css';

/** The steps, their rules and react-hook-form come after the page's own code (lib/page-part.tsx). */
const SignUpForm = pagePart(() => import('./sign-up-form').then((m) => m.SignUpForm));

/** /signUp: document → personal or company data → address, then /signIn (the steps are in sign-up-form.tsx). */
export function SignUpPage() {
  return (
    <AuthShell
      width="wide"
      title="Criar conta"
      subtitle="Cadastre-se em três passos para comprar materiais, acessar cursos e acompanhar seus pedidos."
      panelTitle="Faça parte da Sorriso Pleno"
      panelText="Com a sua conta você compra materiais odontológicos, assiste aos cursos digitais e acompanha cada pedido."
      highlights={[
        { icon: <PackageCheck size={20} />, text: 'Pedidos acompanhados de perto' },
        { icon: <GraduationCap size={20} />, text: 'Cursos sempre à mão' },
        { icon: <Building2 size={20} />, text: 'Para você ou sua clínica (CPF ou CNPJ)' },
      ]}
      footer={{ text: 'Já tem conta?', to: '/signIn', link: 'Entrar' }}
    >
      <SignUpForm />
      {/* The texts a new customer agrees to (ADR 035). */}
      <p className={styles.legal}>
        Ao criar a conta você declara que leu a{' '}
        <Link to="/privacidade">{MSG_TERMOS.politicaPrivacidade.toLowerCase()}</Link>. As compras na loja seguem os{' '}
        <Link to="/termos">{MSG_TERMOS.termosDeCompra.toLowerCase()}</Link>.
      </p>
    </AuthShell>
  );
}

export { SignUpPage as Component };
