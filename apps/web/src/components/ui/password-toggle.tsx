/**
 * "Mostrar senha" under a password field: a pressed-or-not button, not a labelled checkbox, so the field stays the one
 * control labelled "Senha". Not on /login: it cost ~80 bytes its first visit does not have (decision 0076).
 */
export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: (shown: boolean) => void }) {
  return (
    <button type="button" className="link" aria-pressed={shown} onClick={() => onToggle(!shown)}>
      Mostrar senha
    </button>
  );
}
