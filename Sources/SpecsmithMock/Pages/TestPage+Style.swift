// Hand-written: the pages' style sheet. Phone first: one column at any width, body text and inputs
// at 17 px (iOS zooms into inputs under 16 px), every control at least 48 px high, long tokens wrap.
extension TestPage {
    static let style = """
        *{box-sizing:border-box}\
        html{-webkit-text-size-adjust:100%}\
        body{margin:0;background:#f5f5f7;color:#1d1d1f;\
        font:17px/1.47 -apple-system,BlinkMacSystemFont,"Helvetica Neue",Helvetica,Arial,sans-serif}\
        .marker{margin:0;padding:10px 16px;background:#ffd60a;color:#1d1d1f;font-size:15px;font-weight:600;\
        text-align:center}\
        main{max-width:480px;margin:0 auto;padding:8px 16px 32px}\
        h1{font-size:26px;line-height:1.2;margin:16px 0}\
        p,h1,label{overflow-wrap:anywhere}\
        .amount{font-size:32px;font-weight:700;margin:0 0 8px}\
        .detail{color:#515154;margin:0 0 16px}\
        form{margin:0}\
        label{display:block;font-weight:600;margin:16px 0 6px}\
        input{display:block;width:100%;min-height:48px;padding:10px 12px;font:inherit;color:inherit;\
        background:#fff;border:1px solid #86868b;border-radius:10px}\
        input:focus{outline:3px solid #0071e3;outline-offset:1px}\
        button{display:block;width:100%;min-height:48px;margin:16px 0 0;padding:10px 16px;font:inherit;\
        font-weight:600;color:#fff;background:#0066cc;border:0;border-radius:12px}\
        button.secondary{color:#1d1d1f;background:#e8e8ed}\
        .message{margin:16px 0;padding:12px 14px;border-radius:10px;font-weight:600}\
        .refusal{color:#8a1111;background:#fdecec;border:1px solid #f2b8b5}\
        .success{color:#0b5d1e;background:#e7f6ea;border:1px solid #a8dab5}
        """
}
