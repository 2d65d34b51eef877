import { useState } from 'react';
import { PASSWORD_MAX, PASSWORD_MIN } from '@armazem/contracts/auth';
import { PasswordToggle } from './password-toggle.tsx';
import { TextField, type TextFieldProps } from './text-field.tsx';

/**
 * A password being chosen: hidden unless "Mostrar senha" is ticked, offered to the password manager as new, with the
 * length the server accepts.
 */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'hint'>) {
  const [shown, setShown] = useState(false);
  return (
    <div>
      <TextField
        type={shown ? 'text' : 'password'}
        autoComplete="new-password"
        hint={`De ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres.`}
        {...props}
      />
      <div className="text-right text-sm">
        <PasswordToggle shown={shown} onToggle={setShown} />
      </div>
    </div>
  );
}
