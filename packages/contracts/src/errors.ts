import type { Language } from './constants.ts';

/**
 * Every error the API answers with has a code here, its HTTP status and its message in each language.
 * The server maps an AppError to the DRF-style bodies of architecture §3; the storefront reads them.
 */
export const ERRORS = {
  UNEXPECTED: {
    status: 500,
    es: 'Algo malo ha pasado, por favor intentarlo más adelante.',
    en: 'Something went wrong, please try again later.',
  },
  NOT_FOUND: { status: 404, es: 'No encontrado.', en: 'Not found.' },
  CODE_NOT_FOUND: { status: 404, es: 'Este código no existe', en: 'This code does not exist' },
  /** A gift card's code typed as a discount code: no coupon, and where the code does go (issue 28). */
  CODE_IS_GIFT_CARD: {
    status: 404,
    es: 'Este código es de una tarjeta de regalo, no de descuento. Cárgalo en «Tarjeta de regalo», en la página de tu programa, y paga con tu saldo.',
    en: 'This is a gift card code, not a discount code. Load it under “Gift card” on your program’s page, then pay with your balance.',
  },
  APP_NOT_FOUND: {
    status: 404,
    es: 'No existe una aplicación para este dominio.',
    en: 'There is no app for this domain.',
  },
  API_KEY_MISMATCH: {
    status: 403,
    es: 'La clave de la aplicación no corresponde a este dominio.',
    en: 'The app key does not belong to this domain.',
  },
  NOT_AUTHENTICATED: {
    status: 401,
    es: 'Las credenciales de autenticación no se proveyeron.',
    en: 'Authentication credentials were not provided.',
  },
  INVALID_TOKEN: { status: 401, es: 'Token inválido.', en: 'Invalid token.' },
  FORBIDDEN: {
    status: 403,
    es: 'Usted no tiene permiso para realizar esta acción.',
    en: 'You do not have permission to perform this action.',
  },
  VALIDATION: {
    status: 400,
    es: 'Por favor corrija los campos indicados.',
    en: 'Please correct the relevant fields.',
  },
  INVALID_HOST: {
    status: 400,
    es: 'La dirección del sitio (Host) no es válida.',
    en: 'The site address (Host) is not valid.',
  },
  MALFORMED_BODY: {
    status: 400,
    es: 'El cuerpo de la solicitud no es un JSON válido.',
    en: 'The request body is not valid JSON.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    status: 415,
    es: 'Tipo de contenido no soportado.',
    en: 'Unsupported content type.',
  },
  PAYLOAD_TOO_LARGE: {
    status: 413,
    es: 'La solicitud es demasiado grande.',
    en: 'The request is too large.',
  },
  METHOD_NOT_ALLOWED: { status: 405, es: 'Método no permitido.', en: 'Method not allowed.' },
  RATE_LIMITED: {
    status: 429,
    es: 'Demasiados intentos. Por favor espere unos minutos e intente de nuevo.',
    en: 'Too many attempts. Please wait a few minutes and try again.',
  },
  // Uploaded images (issue 17)
  IMAGE_REQUIRED: {
    status: 400,
    es: 'Adjunta una imagen en el campo «file».',
    en: 'Attach an image in the “file” field.',
  },
  IMAGE_TOO_LARGE: {
    status: 413,
    es: 'La imagen pesa más de 10 MB. Sube una más liviana.',
    en: 'The image is larger than 10 MB. Upload a smaller one.',
  },
  IMAGE_TYPE_NOT_SUPPORTED: {
    status: 400,
    es: 'El archivo no es una imagen JPEG, PNG o WebP.',
    en: 'The file is not a JPEG, PNG or WebP image.',
  },
  IMAGE_UNREADABLE: {
    status: 400,
    es: 'La imagen está dañada o incompleta y no se puede leer.',
    en: 'The image is damaged or incomplete and cannot be read.',
  },
  IMAGE_TOO_MANY_PIXELS: {
    status: 400,
    es: 'La imagen tiene demasiados píxeles (más de 50 megapíxeles).',
    en: 'The image has too many pixels (over 50 megapixels).',
  },
  // The products file of the admin site (issue 17, decision 022)
  IMPORT_FILE_REQUIRED: {
    status: 400,
    es: 'Adjunta un archivo CSV o XLSX en el campo «file».',
    en: 'Attach a CSV or XLSX file in the “file” field.',
  },
  IMPORT_TOO_LARGE: {
    status: 413,
    es: 'El archivo pesa más de 10 MB. Divídelo en varios.',
    en: 'The file is larger than 10 MB. Split it into several.',
  },
  IMPORT_FILE_TYPE: {
    status: 400,
    es: 'El archivo no es un CSV (UTF-8) ni un XLSX que se pueda leer.',
    en: 'The file is not a readable CSV (UTF-8) or XLSX file.',
  },
  IMPORT_UNPACKS_TOO_LARGE: {
    status: 400,
    es: 'El archivo XLSX descomprimido pasa de 50 MB o de 200 partes. Divídelo en varios.',
    en: 'The XLSX file unpacks to more than 50 MB or 200 parts. Split it into several.',
  },
  IMPORT_COLUMNS: {
    status: 400,
    es: 'La primera fila debe nombrar las columnas de productos (al menos title y price) y ninguna otra.',
    en: 'The first row must name the product columns (at least title and price) and no others.',
  },
  IMPORT_EMPTY: {
    status: 400,
    es: 'El archivo no tiene filas de productos.',
    en: 'The file has no product rows.',
  },
  IMPORT_TOO_MANY_ROWS: {
    status: 400,
    es: 'El archivo tiene más de 10.000 filas. Divídelo en varios.',
    en: 'The file has more than 10,000 rows. Split it into several.',
  },
  IMPORT_ROWS_REFUSED: {
    status: 400,
    es: 'Algunas filas tienen errores: no se importó nada. Corrígelas y vuelve a subir el archivo.',
    en: 'Some rows have errors: nothing was imported. Fix them and upload the file again.',
  },
  // Accounts and identity
  INVALID_CREDENTIALS: {
    status: 400,
    es: 'No puede iniciar sesión con las credenciales proporcionadas.',
    en: 'Unable to log in with provided credentials.',
  },
  SIGNIN_METHOD_DISABLED: {
    status: 400,
    es: 'Este método de ingreso no está habilitado.',
    en: 'This sign-in method is not enabled.',
  },
  SIGNUP_DISABLED: {
    status: 403,
    es: 'El registro no está habilitado en esta aplicación.',
    en: 'Sign-up is not enabled in this app.',
  },
  CAPTCHA_REQUIRED: { status: 400, es: 'Haz click en No soy un robot', en: 'Click on I am not a robot' },
  CAPTCHA_INVALID: {
    status: 400,
    es: 'No se pudo verificar que no eres un robot. Inténtalo de nuevo.',
    en: 'We could not verify that you are not a robot. Please try again.',
  },
  SOCIAL_LOGIN_FAILED: {
    status: 400,
    es: 'No se pudo verificar tu cuenta con el proveedor. Inténtalo de nuevo.',
    en: 'Your account could not be verified with the provider. Please try again.',
  },
  EMAIL_TAKEN: {
    status: 400,
    es: 'Ya existe un usuario registrado con este correo.',
    en: 'A user with this email already exists.',
  },
  DOCUMENT_TAKEN: {
    status: 400,
    es: 'Ya existe un usuario registrado con este documento.',
    en: 'A user with this document already exists.',
  },
  MOBILE_TAKEN: {
    status: 400,
    es: 'Ya existe un usuario registrado con este teléfono.',
    en: 'A user with this phone number already exists.',
  },
  INVALID_DNI: { status: 400, es: 'Ingresar un dni correcto.', en: 'Enter a valid DNI.' },
  INVALID_TELEPHONE: {
    status: 400,
    es: 'Agregar el código numérico correspondiente a tu país antes de ingresar tu número telefónico (Todo junto). PE: +51, MX: +52, COL: +57, ECUA: +593.',
    en: "Add your country's numeric code before your phone number (all together). PE: +51, MX: +52, COL: +57, ECUA: +593.",
  },
  PASSWORDS_DO_NOT_MATCH: {
    status: 400,
    es: 'Las contraseñas no coinciden.',
    en: 'Passwords must match.',
  },
  WRONG_PASSWORD: {
    status: 400,
    es: 'La contraseña actual no es correcta.',
    en: 'The current password is not correct.',
  },
  LINK_EXPIRED: { status: 404, es: 'El link ha expirado.', en: 'The link has expired.' },
  EMAIL_NOT_VALIDATED: {
    status: 404,
    es: 'No se pudo validar el correo.',
    en: 'Email could not be validated',
  },
  // Loyalty: coins, promotions, polls, raffles, gift cards (spec §5, §8)
  NOT_ENOUGH_COINS: { status: 400, es: 'No tienes monedas suficientes', en: 'Not enough coins' },
  NOT_ENOUGH_POINTS: { status: 400, es: 'No tienes puntos suficientes', en: 'Not enough points' },
  NOT_ENOUGH_STAMPS: { status: 400, es: 'No tienes sellos suficientes', en: 'Not enough stamps' },
  NOT_ENOUGH_BALANCE: { status: 400, es: 'No tienes saldo suficiente', en: 'Not enough balance' },
  PROMOTION_ALREADY_USED: {
    status: 400,
    es: 'Esta promoción ya fue utilizada',
    en: 'This promotion has already been used',
  },
  PROMOTION_NOT_USABLE: {
    status: 400,
    es: 'Esta promoción ya no se puede usar',
    en: 'This promotion can no longer be used',
  },
  REDEMPTION_LIMIT_EXCEEDED: {
    status: 400,
    es: 'Se superó el límite de canjes de esta promoción',
    en: 'The redemption limit of this promotion has been exceeded',
  },
  PROMOTION_STOCK_EXHAUSTED: {
    status: 400,
    es: 'Se agotó el stock de esta promoción',
    en: 'This promotion is out of stock',
  },
  PROMOTION_LEVEL_REQUIRED: {
    status: 400,
    es: 'Tu nivel aún no permite usar esta promoción',
    en: 'Your level does not allow this promotion yet',
  },
  MANUAL_POINTS_DISABLED: {
    status: 400,
    es: 'El programa de beneficios no tiene habilitada esta funcionalidad',
    en: 'The benefits program does not have this functionality enabled',
  },
  POLL_INCOMPLETE: {
    status: 400,
    es: 'Todas las preguntas de la encuesta deben ser respondidas',
    en: 'All survey questions must be answered',
  },
  POLL_ALREADY_ANSWERED: {
    status: 400,
    es: 'Ya respondiste esta encuesta',
    en: 'You have already answered this poll',
  },
  POLL_CLOSED: { status: 400, es: 'Esta encuesta ya está cerrada', en: 'This poll is closed' },
  RAFFLE_ALREADY_REGISTERED: {
    status: 400,
    es: 'Ya estás registrado en este sorteo',
    en: 'You are already registered in this raffle',
  },
  RAFFLE_CLOSED: {
    status: 400,
    es: 'Este sorteo ya no acepta registros',
    en: 'This raffle no longer accepts registrations',
  },
  TERMS_NOT_ACCEPTED: {
    status: 400,
    es: 'Debes aceptar los términos y condiciones',
    en: 'You must accept the terms and conditions',
  },
  GIFT_CARD_ALREADY_USED: {
    status: 400,
    es: 'Esta tarjeta de regalo ya fue usada',
    en: 'This gift card has already been used',
  },
  GIFT_CARD_VOIDED: {
    status: 400,
    es: 'Esta tarjeta de regalo fue anulada',
    en: 'This gift card has been voided',
  },
  IDEMPOTENCY_KEY_REUSED: {
    status: 422,
    es: 'Esta clave de idempotencia ya se usó con otra solicitud.',
    en: 'This idempotency key was already used with a different request.',
  },
  // Cart, checkout, orders, subscriptions, coupons and delivery (spec §5, §8)
  ADDRESS_LIMIT_REACHED: {
    status: 400,
    es: 'Puedes guardar hasta 20 direcciones; elimina una para guardar otra',
    en: 'You can save up to 20 addresses; delete one to save another',
  },
  MAP_POINT_INCOMPLETE: {
    status: 400,
    es: 'Indica la latitud y la longitud, o ninguna',
    en: 'Give both latitude and longitude, or neither',
  },
  PRODUCT_NOT_AVAILABLE: {
    status: 400,
    es: 'Este producto no está disponible en esta tienda',
    en: 'This product is not available in this store',
  },
  OPTION_NOT_AVAILABLE: {
    status: 400,
    es: 'Una de las opciones elegidas no está disponible',
    en: 'One of the chosen options is not available',
  },
  OPTIONS_BELOW_MINIMUM: {
    status: 400,
    es: 'Elige el mínimo de opciones indicado',
    en: 'Choose the minimum number of options',
  },
  OPTIONS_ABOVE_MAXIMUM: {
    status: 400,
    es: 'Elegiste más opciones de las permitidas',
    en: 'You chose more options than allowed',
  },
  PRODUCT_OUT_OF_STOCK: {
    status: 400,
    es: 'Este producto está agotado',
    en: 'This product is out of stock',
  },
  STORE_OUT_OF_STOCK: {
    status: 400,
    es: 'La tienda no tiene stock suficiente para tu pedido',
    en: 'The store is out of stock for your order',
  },
  ECOMMERCE_DISABLED: {
    status: 400,
    es: 'Esta tienda no recibe pedidos en línea',
    en: 'This store does not take online orders',
  },
  SUBSCRIPTIONS_DISABLED: {
    status: 400,
    es: 'Esta tienda no ofrece suscripciones',
    en: 'This store does not offer subscriptions',
  },
  REDEEMABLE_NOT_SUBSCRIBABLE: {
    status: 400,
    es: 'Los productos canjeables no se pueden incluir en una suscripción',
    en: 'Redeemable products cannot be part of a subscription',
  },
  /** The spec's "card could not be processed"; the provider's message to the customer follows it. */
  CARD_NOT_PROCESSED: {
    status: 400,
    es: 'No se pudo procesar la tarjeta',
    en: 'The card could not be processed',
  },
  CARD_PAYMENTS_NOT_ACCEPTED: {
    status: 400,
    es: 'El negocio no acepta pagos con tarjeta',
    en: 'The business does not accept card payments',
  },
  PAYMENT_METHOD_NOT_ACCEPTED: {
    status: 400,
    es: 'Este medio de pago no está disponible en esta tienda',
    en: 'This payment method is not available in this store',
  },
  PAYMENT_PROVIDER_REQUIRED: {
    status: 400,
    es: 'Para ofrecer pago con tarjeta en línea o Yape, configura primero el proveedor de pagos de la empresa',
    en: "To offer online card or Yape payments, set up the company's payment provider first",
  },
  COINS_ONLY_FOR_REDEEMABLES: {
    status: 400,
    es: 'Solo los productos canjeables se pagan con monedas',
    en: 'Only redeemable products can be paid with coins',
  },
  PRICE_CHANGED: {
    status: 400,
    es: 'El precio de tu pedido cambió. Revisa el resumen y vuelve a confirmar.',
    en: 'The price of your order has changed. Check the summary and confirm again.',
  },
  GIFT_CARD_AMOUNT_INVALID: {
    status: 400,
    es: 'El monto a pagar con saldo de regalo debe ser mayor que cero y menor que el total; para pagarlo todo, elige «Saldo de regalo».',
    en: 'The amount paid with gift balance must be above zero and below the total; to pay it all, choose “Gift balance”.',
  },
  GIFT_CARD_NOT_FOR_SUBSCRIPTION: {
    status: 400,
    es: 'El saldo de regalo no se puede usar en una suscripción',
    en: 'Gift balance cannot pay for a subscription',
  },
  /** Nothing charges a subscription's deliveries online: each is paid at the door. */
  PREPAID_NOT_FOR_SUBSCRIPTION: {
    status: 400,
    es: 'Las suscripciones se pagan al recibir cada pedido: elige efectivo o tarjeta contra entrega',
    en: 'Subscriptions are paid on each delivery: choose cash or card on delivery',
  },
  NO_SHIPPING_METHODS: {
    status: 400,
    es: 'La tienda no tiene métodos de envío',
    en: 'The store has no shipping methods',
  },
  DELIVERY_AREA_REQUIRED: {
    status: 400,
    es: 'Debe seleccionar un área de delivery',
    en: 'A delivery area must be selected',
  },
  INVALID_DELIVERY_ADDRESS: {
    status: 400,
    es: 'La dirección de entrega no es válida o está fuera de la zona de reparto',
    en: 'The delivery address is not valid or is outside the delivery area',
  },
  DELIVERY_SERVICE_ERROR: {
    status: 400,
    es: 'El servicio de delivery no está disponible, por favor intentarlo más adelante',
    en: 'The delivery service is not available, please try again later',
  },
  INVALID_TIME_SLOT: {
    status: 400,
    es: 'Debe seleccionar un horario disponible',
    en: 'An available time slot must be selected',
  },
  COUPON_NOT_STARTED: {
    status: 400,
    es: 'Este código de descuento aún no está vigente',
    en: 'This discount code is not valid yet',
  },
  COUPON_EXPIRED: {
    status: 400,
    es: 'Este código de descuento ya no está vigente',
    en: 'This discount code has expired',
  },
  COUPON_EXHAUSTED: {
    status: 400,
    es: 'Este código de descuento ya no tiene usos disponibles',
    en: 'This discount code has no uses left',
  },
  COUPON_MINIMUM_NOT_MET: {
    status: 400,
    es: 'Tu pedido no alcanza el monto mínimo de este código de descuento',
    en: 'Your order does not reach the minimum amount of this discount code',
  },
  COUPON_ALREADY_REDEEMED: {
    status: 406,
    es: 'Ya canjeaste este código de descuento',
    en: 'Discount code already redeemed',
  },
  ORDER_STATUS_NOT_ALLOWED: {
    status: 400,
    es: 'El pedido no puede pasar a este estado',
    en: 'The order cannot move to this status',
  },
  // Retail staff tools (spec §5, §6, §8)
  CUSTOMER_NOT_FOUND: {
    status: 404,
    es: 'El cliente no está registrado o no tiene promociones',
    en: 'The client is not registered or has no promotions',
  },
  MULTIPLE_USERS_FOR_PHONE: {
    status: 400,
    es: 'Se encontraron varios usuarios con este teléfono, por favor ingrese el número de documento',
    en: 'Multiple users were found for this phone number, please enter the document number',
  },
  POINTS_AMOUNT_INVALID: {
    status: 400,
    es: 'El monto debe ser mayor a 0',
    en: 'The amount must be greater than 0',
  },
  POINTS_DESCRIPTION_REQUIRED: {
    status: 400,
    es: 'Ingrese una descripción',
    en: 'Enter a description',
  },
  POINTS_ERROR: {
    status: 400,
    es: 'Error al agregar puntos',
    en: 'Error adding points',
  },
  CREATE_USER_NEEDS_PROGRAM: {
    status: 400,
    es: 'Para crear usuarios se necesita una tienda con un programa de beneficios',
    en: 'Creating users needs a store with a benefits program',
  },
  RECORDS_FILTER_REQUIRED: {
    status: 400,
    es: 'Se debe elegir una fecha y una tienda',
    en: 'One date and one store must be chosen',
  },
  SUBSCRIPTION_NOT_ACTIVE: {
    status: 400,
    es: 'Esta suscripción ya fue cancelada',
    en: 'This subscription has already been canceled',
  },
  STALE_VERSION: {
    status: 409,
    es: 'Alguien más cambió este registro. Revisa los datos actuales y vuelve a guardar.',
    en: 'Someone else changed this record. Check the current data and save again.',
  },
  MEMBER_BLOCKED: {
    status: 400,
    es: 'Tu cuenta está bloqueada en este programa de beneficios. Comunícate con el negocio.',
    en: 'Your account is blocked in this benefits program. Please contact the business.',
  },
  LAST_OWNER: {
    status: 409,
    es: 'La empresa necesita al menos un dueño: nombra a otro dueño antes de quitar o cambiar a este.',
    en: 'The company needs at least one owner: make someone else owner before removing or changing this one.',
  },
  RAFFLE_ALREADY_DRAWN: {
    status: 409,
    es: 'Este sorteo ya se realizó: sus ganadores no cambian.',
    en: 'This raffle has already been drawn: its winners do not change.',
  },
  RAFFLE_STILL_OPEN: {
    status: 400,
    es: 'Las inscripciones de este sorteo siguen abiertas: se sortea después de su fecha de cierre.',
    en: 'Registrations for this raffle are still open: draw it after its closing date.',
  },
  RAFFLE_NO_REGISTRATIONS: {
    status: 400,
    es: 'Nadie se inscribió en este sorteo: no hay a quién sortear.',
    en: 'Nobody registered for this raffle: there is no one to draw.',
  },
  APP_CONTENT_MAIN_ONLY: {
    status: 403,
    es: 'La landing y los textos legales son de la app: se cambian desde su empresa principal.',
    en: "The landing and the policy texts belong to the app: change them from the app's main company.",
  },
  APP_SETTINGS_MAIN_ONLY: {
    status: 403,
    es: 'Los colores, el ingreso, el registro, la navegación anónima y los idiomas son de la app: se cambian desde su empresa principal.',
    en: "Colours, sign-in, signup, anonymous navigation and languages belong to the app: change them from the app's main company.",
  },
} as const satisfies Record<string, { status: number } & Record<Language, string>>;

export type ErrorCode = keyof typeof ERRORS;

/** Field-level messages used in 400 bodies, `{field: [message]}`. */
export const FIELD_MESSAGES = {
  required: { es: 'Este campo es requerido', en: 'This field is required' },
  invalid: { es: 'Valor no válido.', en: 'Invalid value.' },
  unknownField: { es: 'Campo no permitido.', en: 'Field not allowed.' },
  tooLong: { es: 'El valor es demasiado largo.', en: 'The value is too long.' },
  tooSmall: { es: 'El valor es demasiado pequeño.', en: 'The value is too small.' },
  tooBig: { es: 'El valor es demasiado grande.', en: 'The value is too big.' },
  integer: { es: 'Ingresar un número entero', en: 'Enter a whole number' },
  notInCompany: { es: 'No existe en esta empresa.', en: 'It does not exist in this company.' },
  alreadyExists: { es: 'Ya existe.', en: 'It already exists.' },
  operationNumberUsed: {
    es: 'Este número de operación ya confirmó otro pedido.',
    en: 'This operation number already confirmed another order.',
  },
  levelsAscending: {
    es: 'Los niveles deben ir de menos a más puntos, sin repetir puntos ni nombres.',
    en: 'Levels must go from fewer to more points, without repeating points or names.',
  },
  unknownCity: { es: 'Esta ciudad no existe.', en: 'This city does not exist.' },
  closesAfterOpens: {
    es: 'La hora de cierre debe ser posterior a la de apertura.',
    en: 'The closing time must be after the opening time.',
  },
  hoursOverlap: {
    es: 'Este horario se superpone con otro del mismo día.',
    en: 'These hours overlap other hours of the same day.',
  },
  distanceRateIncomplete: {
    es: 'La tarifa por distancia necesita tarifa base, precio por km y distancia máxima.',
    en: 'The distance rate needs a base fare, a price per km and a maximum distance.',
  },
  deliveryNeedsFares: {
    es: 'El delivery necesita una zona de reparto con su tarifa o una tarifa por distancia.',
    en: 'Delivery needs a delivery area with its fare or a distance rate.',
  },
  districtTwice: {
    es: 'Este distrito ya está en otra zona de reparto.',
    en: 'This district is already in another delivery area.',
  },
  repeatedInFile: { es: 'Se repite en otra fila del archivo.', en: 'It repeats in another row of the file.' },
  ambiguous: { es: 'Varios productos tienen este valor.', en: 'Several products have this value.' },
  endBeforeStart: {
    es: 'Debe ser posterior a la fecha de inicio.',
    en: 'It must be later than the start date.',
  },
  /** `{used}`: units already taken. */
  stockBelowUsed: {
    es: 'Ya se tomaron {used} unidades: el stock total no puede ser menor.',
    en: '{used} units were already taken: the total stock cannot be lower.',
  },
  /** `{used}`: uses already counted. */
  usesBelowCount: {
    es: 'Este código ya se usó {used} veces: el límite no puede ser menor.',
    en: 'This code was already used {used} times: the limit cannot be lower.',
  },
  percentRange: {
    es: 'Ingresa un porcentaje entero de 1 a 100.',
    en: 'Enter a whole percent from 1 to 100.',
  },
  hexColor: { es: 'Ingresar un color como #1A2B3C.', en: 'Enter a colour such as #1A2B3C.' },
  httpsUrl: {
    es: 'Ingresar una dirección que empiece con https://',
    en: 'Enter an address starting with https://',
  },
  notAChoice: { es: 'Opción no válida. Opciones:', en: 'Not a valid option. Options:' },
  atLeastOne: { es: 'Elegir al menos uno.', en: 'Choose at least one.' },
  onlyDocumentAlone: {
    es: 'Solo documento no se combina con otros métodos de ingreso.',
    en: 'Document only cannot be combined with other sign-in methods.',
  },
  /** Followed by the methods. */
  clientIdMissing: {
    es: 'Necesita su client id, que se configura en el archivo del tenant:',
    en: 'It needs its client id, set in the tenant file:',
  },
  defaultLanguageOffered: {
    es: 'El idioma por defecto debe estar entre los ofrecidos.',
    en: 'The default language must be one of those offered.',
  },
  domain: { es: 'Ingresar un dominio correcto, como tienda.pe', en: 'Enter a valid domain, such as shop.pe' },
  isoDate: {
    es: 'Ingresar una fecha válida con el formato AAAA-MM-DD.',
    en: 'Enter a valid date in the format YYYY-MM-DD.',
  },
  /** `{days}`: the longest range. */
  rangeTooLong: {
    es: 'El rango no puede pasar de {days} días.',
    en: 'The range cannot be longer than {days} days.',
  },
  toBeforeFrom: {
    es: 'Debe ser igual o posterior a la fecha de inicio.',
    en: 'It must be the same as or later than the start date.',
  },
  raffleDrawn: {
    es: 'El sorteo ya se realizó: esto ya no se puede cambiar.',
    en: 'The raffle has been drawn: this can no longer change.',
  },
  pollAnswered: {
    es: 'Esta encuesta ya tiene respuestas: solo se puede corregir el texto de sus preguntas y opciones, no agregar, quitar, reordenar ni cambiar su tipo.',
    en: 'This poll already has answers: only the text of its questions and options can be corrected, not added, removed, reordered or retyped.',
  },
  choiceNeedsOptions: {
    es: 'Una pregunta de opciones necesita al menos dos opciones.',
    en: 'A choice question needs at least two options.',
  },
  textWithoutOptions: {
    es: 'Una pregunta de texto no lleva opciones.',
    en: 'A text question has no options.',
  },
  repeatedName: { es: 'Este nombre se repite.', en: 'This name repeats.' },
  safeLink: {
    es: 'Ingresar una dirección https://, http://, mailto:, tel: o una ruta que empiece con /',
    en: 'Enter an https://, http://, mailto: or tel: address, or a path starting with /',
  },
  safeImage: {
    es: 'Ingresar una imagen subida o una dirección que empiece con https://',
    en: 'Enter an uploaded picture or an address starting with https://',
  },
  /** `{n}`: how many the storefront shows. */
  activeAtMost: {
    es: 'La landing muestra como máximo {n} activos.',
    en: 'The landing shows at most {n} active ones.',
  },
} as const satisfies Record<string, Record<Language, string>>;

export type FieldErrors = Record<string, string[]>;

export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    /** Per-field messages for a 400; the key non_field_errors holds general ones. */
    readonly fields?: FieldErrors,
    /** Extra data answered as is (for example a coupon's state on 400 or 406). */
    readonly data?: Record<string, unknown>,
  ) {
    super(code);
    this.name = 'AppError';
  }

  get status(): number {
    return ERRORS[this.code].status;
  }
}

export function errorMessage(code: ErrorCode, language: Language): string {
  return ERRORS[code][language];
}
