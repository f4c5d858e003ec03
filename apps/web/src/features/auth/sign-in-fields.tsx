import { MSG } from '@concilia/domain';
import { useId, useState, type ReactNode, type Ref } from 'react';
import { VisibilityIcon, VisibilityOffIcon } from './auth-icons';
import type { TextFieldOptions } from './text-field-options';
import { toUpperKeepingCaret } from './uppercase';

type FieldProps = TextFieldOptions & {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** the message under the field; the field is drawn in error while there is one */
  error?: string;
  inputRef?: Ref<HTMLInputElement>;
  /** at the end of the box (the password's show/hide button) */
  adornment?: ReactNode;
};

/**
 * MUI's outlined text field as HTML and auth.css: the same label (floating when the field has focus or text — CSS
 * reads the empty placeholder, so text typed before the scripts ran lifts it too), notched outline, required
 * asterisk, error and helper text, ids and ARIA links. The sign-in page's fields; the forms inside MUI pages keep
 * FormTextField.
 */
export function SignInTextField({ name, label, value, onChange, error, uppercase, required, disabled, autoFocus, autoComplete, type, inputRef, adornment }: FieldProps) {
  const id = useId();
  const helperId = error ? `${id}-helper-text` : undefined;
  // MUI's asterisk: a thin space and '*', hidden from the label's accessible name
  const asterisk = required ? '\u2009*' : '';
  const classes = ['auth-field', error ? 'auth-field-error' : '', disabled ? 'auth-field-disabled' : ''].filter(Boolean).join(' ');
  return (
    <div className={classes}>
      <label className="auth-field-label" htmlFor={id} id={`${id}-label`}>
        {label}
        {asterisk ? (
          <span aria-hidden="true">
            {asterisk}
          </span>
        ) : null}
      </label>
      <div className={adornment ? 'auth-field-box auth-field-adorned' : 'auth-field-box'}>
        <input
          className="auth-field-input"
          id={id}
          name={name}
          type={type}
          value={value}
          placeholder=" "
          required={required}
          disabled={disabled}
          autoFocus={autoFocus}
          autoComplete={autoComplete}
          aria-invalid={error ? true : undefined}
          aria-describedby={helperId}
          ref={inputRef}
          onChange={(e) => onChange(uppercase ? toUpperKeepingCaret(e.target) : e.target.value)}
        />
        {adornment ? <div className="auth-field-adornment">{adornment}</div> : null}
        <fieldset aria-hidden="true" className="auth-field-outline">
          <legend>
            <span>
              {label}
              {asterisk}
            </span>
          </legend>
        </fieldset>
      </div>
      {error ? (
        <p className="auth-field-helper" id={helperId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The password field with its show/hide button. */
export function SignInPasswordField(props: Omit<FieldProps, 'type' | 'adornment' | 'uppercase'>) {
  const [visible, setVisible] = useState(false);
  return (
    <SignInTextField
      {...props}
      type={visible ? 'text' : 'password'}
      adornment={
        <button
          type="button"
          className="auth-icon-button"
          aria-label={visible ? MSG.senhaOcultar : MSG.senhaMostrar}
          onClick={() => setVisible((v) => !v)}
          onMouseDown={(e) => e.preventDefault()}
          disabled={props.disabled}
        >
          {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
        </button>
      }
    />
  );
}
