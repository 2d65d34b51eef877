import { PASSWORD_MAX, PASSWORD_MIN } from '@armazem/contracts/auth';
import { TextField, type TextFieldProps } from './text-field.tsx';

/** A password being chosen: hidden, offered to the password manager as new, with the length the server accepts. */
export function NewPasswordField(props: Omit<TextFieldProps, 'type' | 'autoComplete' | 'hint'>) {
  return (
    <TextField
      type="password"
      autoComplete="new-password"
      hint={`De ${PASSWORD_MIN} a ${PASSWORD_MAX} caracteres.`}
      {...props}
    />
  );
}
