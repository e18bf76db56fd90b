/** Who may create and edit causes: the server's rule (POST/PATCH /causes), mirrored for the menu. */
export const canManageCauses = (role: string | null | undefined) => role === 'NGO_ADMIN' || role === 'STAFF';
