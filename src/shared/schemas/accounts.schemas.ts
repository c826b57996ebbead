import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../constants';
import { messages } from '../messages';

const required = z.string().trim().min(1, messages.auth.requiredFields);

/** A password as sign-up sets it: the same rules for a reset. */
const newPassword = z.string().min(1, messages.auth.requiredFields).min(PASSWORD_MIN_LENGTH, messages.auth.passwordTooShort).max(128);
const passwordsMatch = (value: { password: string; confirm_password: string }) => value.password === value.confirm_password;
const confirmPasswordMismatch = { message: messages.auth.passwordsDoNotMatch, path: ['confirm_password'] };

/** Sign-up as the spec validates it: all fields, a 6-character password, and a matching confirmation. */
export const signUpSchema = z
  .object({
    first_name: required.max(100),
    last_name: required.max(100),
    email: required.pipe(z.email(messages.auth.requiredFields)).transform((email) => email.toLowerCase()),
    password: newPassword,
    confirm_password: z.string(),
  })
  .refine(passwordsMatch, confirmPasswordMismatch);
export type SignUpRequest = z.input<typeof signUpSchema>;

export const signInSchema = z.object({
  email: required.pipe(z.email(messages.auth.invalidCredentials)),
  password: z.string().min(1, messages.auth.requiredFields),
});
export type SignInRequest = z.infer<typeof signInSchema>;

/** "Forgot password?": one email address. */
export const forgotPasswordSchema = z.object({
  email: required.pipe(z.email(messages.auth.emailInvalid)).transform((email) => email.toLowerCase()),
});
export type ForgotPasswordRequest = z.input<typeof forgotPasswordSchema>;

/** A new password after a reset link: the sign-up rules. */
export const newPasswordSchema = z
  .object({
    password: newPassword,
    confirm_password: z.string(),
  })
  .refine(passwordsMatch, confirmPasswordMismatch);
export type NewPasswordRequest = z.input<typeof newPasswordSchema>;
