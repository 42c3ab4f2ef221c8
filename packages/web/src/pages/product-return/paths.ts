/** The spec's record path of a product return: /productReturn/edit/{id}/{type}, the type being the return's (1 退机, 2 换机). */
export const productReturnPath = (id: string, type?: number | null) =>
  `/productReturn/edit/${encodeURIComponent(id)}${type ? `/${type}` : ''}`;
