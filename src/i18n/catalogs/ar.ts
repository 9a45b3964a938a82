import type { Messages } from './en.js';

// Modern Standard Arabic. Headings use verbal nouns (اختيار) and requests use
// يُرجى, which address the reader without choosing a grammatical gender.
// Latin snippets sit between LRI (\u2066) and PDI (\u2069) so the bidi
// algorithm cannot reorder them or mirror their brackets.
export const ar: Required<Messages> = {
  dir: 'rtl',
  nameOrder: 'given-family',

  loading: 'جارٍ التحميل…',
  slowAnswer: 'يستغرق هذا وقتًا أطول من المعتاد. ما زلنا نحاول…',
  steps: {
    location: 'اختيار الفرع',
    service: 'اختيار الخدمة',
    staff: 'اختيار مقدّم الخدمة',
    resource: 'اختيار ما يُراد حجزه',
    time: 'اختيار الموعد',
    details: 'بياناتك',
    done: 'تم تأكيد الحجز',
  },
  progressLabel: 'خطوات الحجز',
  stepNames: {
    location: 'الفرع',
    service: 'الخدمة',
    staff: 'مقدّم الخدمة',
    resource: 'المحجوز',
    time: 'الموعد',
    details: 'البيانات',
    done: 'تم',
  },
  back: 'رجوع',
  close: 'إغلاق',
  continue: 'متابعة',

  anyone: 'بلا تفضيل',
  anyoneDescription: 'أول عضو متاح في الفريق',
  free: 'مجانًا',
  quantity: 'العدد',
  // “Available at once: #” sidesteps number–noun agreement, which depends on the unknown noun.
  unitsAvailable: {
    zero: 'المتاح في الوقت نفسه: #',
    one: 'المتاح في الوقت نفسه: #',
    two: 'المتاح في الوقت نفسه: #',
    few: 'المتاح في الوقت نفسه: #',
    many: 'المتاح في الوقت نفسه: #',
    other: 'المتاح في الوقت نفسه: #',
  },
  noChoices: 'لا يمكن حجز أي شيء عبر الإنترنت هنا حاليًا.',
  otherResources: 'أخرى',

  previousMonth: 'الشهر السابق',
  nextMonth: 'الشهر التالي',
  unavailableDay: (day) => `${day}، لا توجد مواعيد متاحة`,
  firstBookableDay: (day) => `${day} هو أول يوم يمكنك الحجز فيه.`,
  lastBookableDay: (day) => `${day} هو آخر يوم يمكنك الحجز فيه.`,
  noTimesThisMonth: 'لا توجد مواعيد متاحة هذا الشهر.',
  noTimesAtAll: 'لا توجد مواعيد متاحة للحجز حاليًا.',
  noTimesOnDay: 'لا توجد مواعيد متاحة في هذا اليوم.',
  noTimesOnDayNorMonth: 'لا توجد مواعيد متاحة في هذا اليوم ولا في أي يوم آخر من هذا الشهر.',
  nextAvailable: (when) => `أقرب موعد متاح: ${when}`,
  // Zero, one and two each name a single number, so the words say it instead of a digit.
  timesAvailable: {
    zero: 'لا توجد مواعيد متاحة يوم {day}',
    one: 'موعد واحد متاح يوم {day}',
    two: 'موعدان متاحان يوم {day}',
    few: '# مواعيد متاحة يوم {day}',
    many: '# موعدًا متاحًا يوم {day}',
    other: '# موعد متاح يوم {day}',
  },
  chooseDay: 'يُرجى اختيار يوم لعرض المواعيد المتاحة.',
  morning: 'الصباح',
  afternoon: 'بعد الظهر',
  evening: 'المساء',
  timesLabel: (day) => `مواعيد يوم ${day}`,
  // Zone names already begin with توقيت, so “بتوقيت …” would say it twice.
  timesShownIn: (zone) => `المنطقة الزمنية المعروضة: ${zone}.`,
  showInZone: (zone) => `العرض حسب ${zone}`,
  yourTime: 'منطقتك الزمنية',
  aside: (text) => ` (${text})`,
  range: (from, to) => `${from} – ${to}`,

  firstName: 'الاسم الأول',
  lastName: 'اسم العائلة',
  email: 'البريد الإلكتروني',
  phone: 'رقم الهاتف',
  notes: 'ملاحظات حول موعدك',
  optional: 'اختياري',
  consent: 'أوافق على {policy}.',
  privacyPolicy: 'سياسة الخصوصية',
  required: 'يُرجى ملء هذا الحقل.',
  invalidEmail: 'يُرجى إدخال عنوان بريد إلكتروني مثل \u2066name@example.com\u2069.',
  invalidPhone: 'يُرجى إدخال رقم هاتف بالأرقام والرموز \u2066+\u00a0(\u00a0)\u00a0-\u2069 فقط.',
  tooLong: (max) => `الحد الأقصى لعدد الأحرف: ${max}.`,
  consentRequired: 'يُرجى الموافقة على سياسة الخصوصية لإتمام الحجز.',
  checkField: 'يُرجى التحقق من هذا الحقل.',
  fixErrors: {
    zero: 'لا توجد حقول تحتاج إلى تصحيح.',
    one: 'يُرجى تصحيح حقل واحد.',
    two: 'يُرجى تصحيح حقلين.',
    few: 'يُرجى تصحيح # حقول.',
    many: 'يُرجى تصحيح # حقلًا.',
    other: 'يُرجى تصحيح # حقل.',
  },
  book: 'تأكيد الحجز',
  booking: 'جارٍ الحجز…',

  confirmed: 'تم تأكيد حجزك.',
  pending: 'تم استلام طلب الحجز، وهو بانتظار التأكيد.',
  reference: 'رقم الحجز',
  what: 'الخدمة',
  withWhom: 'مع',
  when: 'الموعد',
  addToCalendar: 'إضافة إلى التقويم',
  downloadIcs: 'تنزيل ملف \u2066.ics\u2069',
  googleCalendar: 'تقويم Google',
  opensInNewTab: 'يُفتح في علامة تبويب جديدة',
  bookAnother: 'حجز موعد آخر',

  slotTaken: 'عذرًا، حُجز هذا الموعد للتو. يُرجى اختيار موعد آخر.',

  // #24: the time held for the visitor while they type (docs/proxy.md, "Held times").

  holdNote: 'نحتفظ بهذا الموعد لك إلى حين إكمال بياناتك.',
  bookingFailed: 'تعذّر تأكيد حجزك. بياناتك محفوظة، يُرجى المحاولة مرة أخرى، ولن يُسجَّل الحجز مرتين.',
  tryAgain: 'إعادة المحاولة',
  offline: 'تعذّر الاتصال بخدمة الحجز. يُرجى التحقق من اتصالك بالإنترنت والمحاولة مرة أخرى.',
  rateLimited: 'محاولات كثيرة جدًا. يُرجى الانتظار قليلًا ثم المحاولة مرة أخرى.',
  unavailable: 'الحجز عبر الإنترنت غير متاح حاليًا.',
  loadFailed: 'حدث خطأ أثناء التحميل. يُرجى المحاولة مرة أخرى.',
  bookingConfirmedAnnouncement: 'تم تأكيد الحجز.',

  // Manage a booking: reschedule or cancel through the link (#13).
  manageLink: 'تغيير الموعد أو الإلغاء',

  // #14: several locations, intake questions, consecutive durations.
  nearestFirst: 'الأقرب أولًا',
  locationRefused: 'موقعك غير متاح، لذا تبقى الفروع بترتيبها.',
  showOnMap: 'عرض على الخريطة',
  howLong: 'ما المدة؟',
  intake: {
    questions: 'بعض الأسئلة',
    questionsPart: (n: number, total: number) => `بعض الأسئلة، الجزء ${n} من ${total}`,
    chooseOption: 'يُرجى الاختيار…',
    tooShort: (min: number) => `الحد الأدنى لعدد الأحرف: ${min}.`,
    tickBox: 'يُرجى تحديد هذا المربع.',
    chooseAnswer: 'يُرجى اختيار إجابة.',
  },
  formLoaded: 'تم تحميل النموذج.',
  fieldProblem: (field: string, problem: string) => `${field}: ${problem}`,
};
