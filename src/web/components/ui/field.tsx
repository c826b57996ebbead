import { useId } from 'react';
import type { ReactElement, ReactNode } from 'react';
import { Slot } from 'radix-ui';
import { cn } from './cn';
import { Label } from './label';

/** What `Field` passes to its control. */
export type FieldControlProps = {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
  'aria-required'?: true;
};

export type FieldProps = {
  label: ReactNode;
  /** The validation message, e.g. react-hook-form's `errors.email?.message`; nothing shows when empty. */
  error?: string | null;
  /** Help text under the label. */
  description?: ReactNode;
  /** Marks the control `aria-required` and shows an asterisk (native `required` is left to the form). */
  required?: boolean;
  /** The control's id; generated when omitted. Do not set a different `id` on the control itself. */
  id?: string;
  /** `horizontal` puts the control before the label, for checkboxes and switches. */
  orientation?: 'vertical' | 'horizontal';
  className?: string;
  labelClassName?: string;
  /**
   * One control element (it receives id and aria props through a Slot), or a function that
   * gets those props, for composite controls such as `<Select>` where they belong on the trigger.
   */
  children: ReactElement | ((control: FieldControlProps) => ReactNode);
};

/**
 * Label + control + description + error, wired for assistive tech:
 * `<Field label="Email" error={errors.email?.message}><Input {...register('email')} /></Field>`.
 */
export function Field({
  label,
  error,
  description,
  required = false,
  id,
  orientation = 'vertical',
  className,
  labelClassName,
  children,
}: FieldProps) {
  const generatedId = useId();
  const controlId = id ?? `field-${generatedId}`;
  const descriptionId = description ? `${controlId}-description` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [descriptionId, errorId].filter(Boolean).join(' ') || undefined;

  const controlProps: FieldControlProps = {
    id: controlId,
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
    ...(error ? { 'aria-invalid': true as const } : {}),
    ...(required ? { 'aria-required': true as const } : {}),
  };
  const control =
    typeof children === 'function' ? (
      children(controlProps)
    ) : (
      <Slot.Root {...controlProps}>{children}</Slot.Root>
    );

  const labelElement = (
    <Label
      htmlFor={controlId}
      className={cn(orientation === 'horizontal' && 'font-normal leading-snug', labelClassName)}
    >
      {label}
      {required ? (
        <span aria-hidden="true" className="text-destructive">
          *
        </span>
      ) : null}
    </Label>
  );
  const descriptionElement = description ? (
    <p id={descriptionId} className="text-sm text-muted-foreground">
      {description}
    </p>
  ) : null;
  const errorElement = error ? (
    <p id={errorId} data-slot="field-error" className="text-sm font-medium text-destructive">
      {error}
    </p>
  ) : null;

  if (orientation === 'horizontal') {
    return (
      <div
        data-slot="field"
        data-invalid={error ? true : undefined}
        className={cn('flex items-start gap-3', className)}
      >
        <div className="flex h-5 items-center">{control}</div>
        <div className="grid gap-1.5">
          {labelElement}
          {descriptionElement}
          {errorElement}
        </div>
      </div>
    );
  }

  return (
    <div data-slot="field" data-invalid={error ? true : undefined} className={cn('grid gap-2', className)}>
      {labelElement}
      {descriptionElement}
      {control}
      {errorElement}
    </div>
  );
}
