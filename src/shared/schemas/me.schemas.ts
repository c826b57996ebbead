import { z } from 'zod';

export const onboardingRequestSchema = z.object({ role: z.enum(['client', 'expert']) });
export type OnboardingRequest = z.infer<typeof onboardingRequestSchema>;

export const updateNamesSchema = z.object({
  first_name: z.string().trim().min(1, 'Please fill in all required fields').max(100),
  last_name: z.string().trim().min(1, 'Please fill in all required fields').max(100),
});
export type UpdateNamesRequest = z.infer<typeof updateNamesSchema>;

export const pushTokenSchema = z.object({ fcm_token: z.string().min(1).max(4096).nullable() });

export interface ProfileDto {
  id: string;
  first_name: string | null;
  last_name: string | null;
  avatar_url: string | null;
  email: string | null;
  onboarding_completed: boolean;
  role_selected_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface MeDto {
  user: { id: string; email: string };
  profile: ProfileDto;
  roles: { isAdmin: boolean; isExpert: boolean };
  session: { expiresAt: string };
}

/** POST /api/me/role: the profile's role control (issue 25, docs/decisions/0270). */
export const roleSwitchSchema = z.object({ role: z.enum(['client', 'expert']) });
export type RoleSwitchRequest = z.infer<typeof roleSwitchSchema>;
export interface RoleSwitchResponse {
  changed: boolean;
  roles: { isAdmin: boolean; isExpert: boolean };
}
