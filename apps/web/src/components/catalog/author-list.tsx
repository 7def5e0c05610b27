/** An author as the catalogue and the classroom send them. */
export interface AuthorItem {
  nome: string;
  pathImg?: string | null | undefined;
  sobre?: string | null | undefined;
}

/** The classes of an author list, from the page's own CSS module (the product's details, the classroom). */
export type AuthorListClasses = Partial<
  Record<'list' | 'author' | 'photo' | 'initials' | 'text' | 'name' | 'about', string>
>;

/** Up to two initials of a name, without the title (Dr., Dra., Prof., Profa.). */
const authorInitials = (nome: string) =>
  nome
    .split(/\s+/)
    .filter((p) => p && !/^(dr|dra|prof|profa)\.?$/i.test(p))
    .slice(0, 2)
    .map((p) => p.charAt(0).toUpperCase())
    .join('');

/** The authors of a course: photo (or initials), name and about. */
export function AuthorList({
  autores,
  classes,
  photoSize,
}: {
  autores: readonly AuthorItem[];
  classes: AuthorListClasses;
  /** The photo's side in px. */
  photoSize: number;
}) {
  return (
    <ul className={classes.list}>
      {autores.map((autor, i) => (
        <li key={`${autor.nome}-${i}`} className={classes.author}>
          {autor.pathImg ? (
            <img
              className={classes.photo}
              src={autor.pathImg}
              alt=""
              width={photoSize}
              height={photoSize}
              loading="lazy"
              decoding="async"
            />
          ) : (
            <span className={`${classes.photo ?? ''} ${classes.initials ?? ''}`} aria-hidden="true">
              {authorInitials(autor.nome)}
            </span>
          )}
          <div className={classes.text}>
            <h3 className={classes.name}>{autor.nome}</h3>
            {autor.sobre && <p className={classes.about}>{autor.sobre}</p>}
          </div>
        </li>
      ))}
    </ul>
  );
}
