import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { buttonClassName, ButtonLink } from '../../../components/ui/button';
import { ModalFrame } from '../../../components/ui/modal-frame';
import type { AreaAtuacao, Imagem, MembroEquipe } from '../content/inicio';
import { AREAS_AVISO, AREAS_DETALHES } from '../content/inicio-areas';
import styles from './home-dialogs.module.css';

/** What every detail dialog receives from the page: closing, and the element to focus again afterwards. */
export interface DialogPlacement {
  onOpenChange: (open: boolean) => void;
  /** The card's button that opened it (Radix returns the focus only to a Dialog.Trigger). */
  opener: HTMLElement | null;
}

interface DetailDialogProps extends DialogPlacement {
  title: string;
  subtitle: ReactNode;
  image: Imagem;
  round?: boolean;
  testId: string;
  children: ReactNode;
}

/** A wide, scrollable detail dialog: picture, title, subtitle, content and a call to book. Esc, X and the overlay close it. */
function DetailDialog({ title, subtitle, image, round, onOpenChange, opener, testId, children }: DetailDialogProps) {
  return (
    <ModalFrame
      open
      onOpenChange={onOpenChange}
      locked={false}
      className={styles.content}
      data-testid={testId}
      onCloseAutoFocus={(event) => {
        event.preventDefault();
        opener?.focus();
      }}
    >
      <header className={styles.header}>
        <img
          className={round ? styles.photo : styles.art}
          src={image.src}
          width={image.width}
          height={image.height}
          alt=""
        />
        <div className={styles.heading}>
          <Dialog.Title className={styles.title}>{title}</Dialog.Title>
          <Dialog.Description className={styles.subtitle}>{subtitle}</Dialog.Description>
        </div>
        <Dialog.Close className={styles.close} aria-label="Fechar">
          <X size={20} aria-hidden="true" />
        </Dialog.Close>
      </header>
      <div className={styles.body}>{children}</div>
      <footer className={styles.footer}>
        <Dialog.Close className={buttonClassName({ variant: 'outline' }, styles.footerClose)}>Fechar</Dialog.Close>
        <ButtonLink to="/contato?assunto=agendamento">Agende sua avaliação</ButtonLink>
      </footer>
    </ModalFrame>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.section}>
      <h3 className={styles.sectionTitle}>{title}</h3>
      {children}
    </section>
  );
}

const List = ({ items }: { items: string[] }) => (
  <ul className={styles.list}>
    {items.map((item) => (
      <li key={item}>{item}</li>
    ))}
  </ul>
);

/** A treatment area: what it is, when it is indicated, how it works and the care after it. */
export function AreaDialog({ area, ...placement }: DialogPlacement & { area: AreaAtuacao }) {
  const detalhe = AREAS_DETALHES[area.id];
  return (
    <DetailDialog title={area.nome} subtitle={area.resumo} image={area.imagem} {...placement} testId="area-dialog">
      <Section title="O que é">
        <p>{detalhe?.oQueE}</p>
      </Section>
      <Section title="Quando é indicado">
        <List items={detalhe?.indicacoes ?? []} />
      </Section>
      <Section title="Como funciona">
        <p>{detalhe?.comoFunciona}</p>
      </Section>
      <Section title="Cuidados">
        <List items={detalhe?.cuidados ?? []} />
      </Section>
      <p className={styles.note}>{AREAS_AVISO}</p>
    </DetailDialog>
  );
}

/** A team member: specialty, council registration, short biography and education. */
export function MemberDialog({ membro, ...placement }: DialogPlacement & { membro: MembroEquipe }) {
  return (
    <DetailDialog
      title={membro.nome}
      subtitle={
        <>
          {membro.especialidade}
          <span className={styles.cro}>{membro.cro}</span>
        </>
      }
      image={membro.foto}
      round
      {...placement}
      testId="member-dialog"
    >
      <p>{membro.bio}</p>
      <Section title="Formação">
        <List items={membro.formacao} />
      </Section>
    </DetailDialog>
  );
}
