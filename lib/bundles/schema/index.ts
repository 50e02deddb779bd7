export * from "./common";
export * from "./suite";
export * from "./task";
export * from "./run";
export * from "./event";
export * from "./trajectory";
export * from "./turn-prediction";
export * from "./bundle";
