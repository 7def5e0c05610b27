import { MSG } from '@clinica/shared/messages';
import { BookOpen, ShieldCheck, Truck } from 'lucide-react';
import { useLocation } from 'react-router';
import { AuthShell } from '../../components/layout/auth-shell';
import { pagePart } from '../../lib/page-part';
import { placeOf, SIGN_IN_FROM_BAG } from '../../lib/sign-in-place';

/** The form, its rules and react-hook-form come after the page's own code (lib/page-part.tsx). */
const SignInForm = pagePart(() => import('./sign-in-form').then((m) => m.SignInForm));

const HIGHLIGHTS = [
  { icon: <ShieldCheck size={20} />, text: 'Compras 100% seguras' },
  { icon: <BookOpen size={20} />, text: 'Seus cursos sempre à mão' },
  { icon: <Truck size={20} />, text: 'Acompanhe seus pedidos' },
];

/** /signIn: e-mail or CPF/CNPJ and password, then /loja (the form is in sign-in-form.tsx). */
export function SignInPage() {
  // 'Cadastre-se' keeps a sign-in from the bag going through the sign-up (lib/sign-in-place.ts).
  const fromBag = placeOf(useLocation().state).paraSacola;
  return (
    <AuthShell
      title="Entrar"
      subtitle="Que bom ver você de novo! Acesse sua conta para continuar."
      panelTitle="Seu sorriso em boas mãos"
      panelText="Entre na sua conta da Clínica Sorriso Pleno para comprar materiais, acessar seus cursos e acompanhar seus pedidos."
      highlights={HIGHLIGHTS}
      art="smile"
      width="narrow"
      footer={{
        text: 'Ainda não tem conta?',
        to: '/signUp',
        link: MSG.cadastreSe,
        ...(fromBag ? { state: SIGN_IN_FROM_BAG } : {}),
      }}
    >
      <SignInForm />
    </AuthShell>
  );
}

export { SignInPage as Component };
