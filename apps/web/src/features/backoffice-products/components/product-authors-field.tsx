import { MSG } from '@clinica/shared/messages';
import { Check, CircleAlert, UserRound } from 'lucide-react';
import { Controller } from 'react-hook-form';
import { Link } from 'react-router';
import { errorOf } from '../../../components/forms/form-helpers';
import { useAutores } from '../api/opcoes';
import sectionStyles from './form-section.module.css';
import styles from './product-authors-field.module.css';
import type { FormApi } from './product-form-rows';

/** Authors of a digital product: a multi-select of GET /autor/ ('Selecione um autor'). */
export function AuthorsField({ form }: { form: FormApi }) {
  const autores = useAutores();
  const error = errorOf(form, 'autores');
  return (
    <Controller
      name="autores"
      control={form.control}
      render={({ field }) => {
        const selected = new Set(field.value);
        const toggle = (id: number) => {
          const next = selected.has(id) ? field.value.filter((v) => v !== id) : [...field.value, id];
          field.onChange(next);
          field.onBlur();
        };
        return (
          <fieldset
            className={`${styles.choiceGroup} ${error ? styles.choiceInvalid : ''}`}
            aria-describedby={error ? 'autores-error' : undefined}
          >
            <legend className="visually-hidden">Autores do curso</legend>
            {autores.isPending ? (
              <p className={sectionStyles.sectionText}>{MSG.carregando}</p>
            ) : autores.isError ? (
              <p className={sectionStyles.fieldError}>Não foi possível carregar os autores.</p>
            ) : autores.data.length === 0 ? (
              <p className={sectionStyles.sectionText}>
                Nenhum autor cadastrado. Cadastre um em <Link to="/newAuthor">Unitários › Autores</Link>.
              </p>
            ) : (
              <div className={styles.choices}>
                {autores.data.map((a) => (
                  <label key={a.id} className={`${styles.choice} ${selected.has(a.id) ? styles.choiceOn : ''}`}>
                    <input
                      type="checkbox"
                      checked={selected.has(a.id)}
                      onChange={() => toggle(a.id)}
                      name={field.name}
                      ref={field.ref}
                    />
                    {a.pathImg ? (
                      <img
                        src={a.pathImg}
                        alt=""
                        className={styles.choiceAvatar}
                        width={28}
                        height={28}
                        loading="lazy"
                      />
                    ) : (
                      <span className={styles.choiceInitial} aria-hidden="true">
                        <UserRound size={16} />
                      </span>
                    )}
                    {a.nome}
                    {selected.has(a.id) && <Check size={16} className={styles.choiceCheck} aria-hidden="true" />}
                  </label>
                ))}
              </div>
            )}
            {error && (
              <p id="autores-error" className={sectionStyles.fieldError} role="alert">
                <CircleAlert size={16} aria-hidden="true" />
                {error}
              </p>
            )}
          </fieldset>
        );
      }}
    />
  );
}
