import { zodResolver } from '@hookform/resolvers/zod';
import { ZLoginForm } from '@sampada/shared';

/** The sign-in form's checks (shared ZLoginForm), in a chunk of their own: see lazyResolver. */
export const loginResolver = zodResolver(ZLoginForm);
