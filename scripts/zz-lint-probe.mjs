const unused = 1;
export const used = 2;
