import { MSG } from '@clinica/shared/messages';
import { Check, CircleAlert, GraduationCap, Package, Plus, Search, X } from 'lucide-react';
import { useEffect, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { errorOf } from '../../../components/forms/form-helpers';
import { TextField } from '../../../components/ui/text-field';
import { useBuscaProdutos, useCategorias } from '../api/opcoes';
import type { CouponFormData, CouponFormValues } from '../coupon-form-schema';
import styles from './scope-choices.module.css';

type Form = UseFormReturn<CouponFormValues, unknown, CouponFormData>;

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className={styles.error} role="alert">
      <CircleAlert size={16} aria-hidden="true" />
      {message}
    </p>
  );
}

/** The categories of a CATEGORIAS coupon: one chip per category of GET /categoria/. */
export function CategoryChoices({ form }: { form: Form }) {
  const categorias = useCategorias(true);
  const error = errorOf(form, 'categoriaIds');
  return (
    <Controller
      name="categoriaIds"
      control={form.control}
      render={({ field }) => {
        const selected = new Set(field.value);
        const toggle = (id: number) => {
          field.onChange(selected.has(id) ? field.value.filter((v) => v !== id) : [...field.value, id]);
          field.onBlur();
        };
        return (
          <fieldset className={styles.group} aria-describedby={error ? 'categorias-erro' : undefined}>
            <legend className={styles.label}>Categorias em que vale</legend>
            {categorias.isPending ? (
              <p className={styles.muted}>{MSG.carregando}</p>
            ) : categorias.isError ? (
              <p className={styles.error}>Não foi possível carregar as categorias.</p>
            ) : (
              <div className={`${styles.chips} ${error ? styles.invalid : ''}`}>
                {categorias.data.map((c) => (
                  <label key={c.id} className={`${styles.chip} ${selected.has(c.id) ? styles.on : ''}`}>
                    <input
                      type="checkbox"
                      checked={selected.has(c.id)}
                      onChange={() => toggle(c.id)}
                      name={field.name}
                    />
                    {c.digital ? (
                      <GraduationCap size={16} aria-hidden="true" />
                    ) : (
                      <Package size={16} aria-hidden="true" />
                    )}
                    {c.nome}
                    {selected.has(c.id) && <Check size={16} className={styles.check} aria-hidden="true" />}
                  </label>
                ))}
              </div>
            )}
            <FieldError id="categorias-erro" message={error} />
          </fieldset>
        );
      }}
    />
  );
}

/** The text of the product search, settled 300 ms after the last key. */
function useSettled(text: string) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), 300);
    return () => clearTimeout(timer);
  }, [text]);
  return settled;
}

/**
 * The products of a PRODUTOS coupon: the chosen ones as chips (each with a remove button), and a search by name
 * (GET /produto/listagem?nome) whose results add a product.
 */
export function ProductChoices({ form, locked }: { form: Form; locked: boolean }) {
  const [busca, setBusca] = useState('');
  const termo = useSettled(busca.trim());
  const resultados = useBuscaProdutos(locked ? '' : termo);
  const error = errorOf(form, 'produtos');
  return (
    <Controller
      name="produtos"
      control={form.control}
      render={({ field }) => {
        const escolhidos = new Set(field.value.map((p) => p.id));
        const mudar = (next: CouponFormValues['produtos']) => {
          field.onChange(next);
          field.onBlur();
        };
        return (
          <fieldset className={styles.group} aria-describedby={error ? 'produtos-erro' : undefined}>
            <legend className={styles.label}>Produtos em que vale</legend>
            {field.value.length === 0 ? (
              <p className={styles.muted}>Nenhum produto escolhido.</p>
            ) : (
              <ul className={styles.chips} aria-label="Produtos escolhidos">
                {field.value.map((p) => (
                  <li key={p.id} className={`${styles.chip} ${styles.on}`}>
                    {p.nome}
                    {!locked && (
                      <button
                        type="button"
                        className={styles.remove}
                        aria-label={`Tirar ${p.nome}`}
                        onClick={() => mudar(field.value.filter((x) => x.id !== p.id))}
                      >
                        <X size={14} aria-hidden="true" />
                      </button>
                    )}
                  </li>
                ))}
              </ul>
            )}
            {!locked && (
              <div className={styles.search}>
                <TextField
                  label="Buscar produto"
                  type="search"
                  autoComplete="off"
                  placeholder="Digite parte do nome"
                  value={busca}
                  onChange={(e) => setBusca(e.target.value)}
                  endAdornment={<Search size={18} aria-hidden="true" />}
                  hint={busca.trim().length === 1 ? 'Digite ao menos 2 letras.' : undefined}
                />
                {termo.length >= 2 && resultados.data && (
                  <ul className={styles.results} aria-label="Produtos encontrados">
                    {resultados.data.listaProduto.length === 0 ? (
                      <li className={styles.muted}>Nenhum produto encontrado.</li>
                    ) : (
                      resultados.data.listaProduto.map((p) => (
                        <li key={p.id}>
                          <button
                            type="button"
                            className={styles.result}
                            disabled={escolhidos.has(p.id)}
                            onClick={() => mudar([...field.value, { id: p.id, nome: p.nome }])}
                          >
                            {escolhidos.has(p.id) ? (
                              <Check size={16} aria-hidden="true" />
                            ) : (
                              <Plus size={16} aria-hidden="true" />
                            )}
                            <span className={styles.resultName}>{p.nome}</span>
                            <span className={styles.muted}>
                              {p.digital ? 'Curso' : 'Físico'}
                              {p.ativo ? '' : ' · inativo'}
                            </span>
                          </button>
                        </li>
                      ))
                    )}
                  </ul>
                )}
              </div>
            )}
            <FieldError id="produtos-erro" message={error} />
          </fieldset>
        );
      }}
    />
  );
}
