/** The versioned path every API route lives under (SPEC §7: API version v1.0). */
export const API_PREFIX = '/api/v1.0';
