/** Puts a signed-in user in localStorage the way saveSession() does (setup.ts clears it after each test). */
export function signInAs(user: { id: string; role: string; name?: string; email?: string; ngoId?: string }) {
  localStorage.setItem('token', 'test-token');
  localStorage.setItem('user', JSON.stringify(user));
  localStorage.setItem('userRole', user.role);
  localStorage.setItem('userId', user.id);
  if (user.ngoId) localStorage.setItem('ngoId', user.ngoId);
}
