/**
 * "Mostrar senha" under a password field: a pressed-or-not button, not a labelled checkbox, so the field stays the one
 * control labelled "Senha". On /login too, since its first visit stopped carrying every error code (decision 0076).
 */
export function PasswordToggle({ shown, onToggle }: { shown: boolean; onToggle: (shown: boolean) => void }) {
  return (
    <button type="button" className="link" aria-pressed={shown} onClick={() => onToggle(!shown)}>
      Mostrar senha
    </button>
  );
}
