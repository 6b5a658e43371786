import SpecsmithCrypto

/// Fixed RSA-2048 keys for tests, made once with `openssl genpkey -algorithm RSA`. Generating a key
/// takes a cooperative thread for 0.1 s on a quiet machine and for seconds on a busy one; two
/// tests generating at once held both of this machine's cooperative threads, and every mock
/// server in the run went unanswered until they finished. These keys protect nothing: use them
/// only where a test needs some key, not a fresh one.
public enum TestKeys {
    /// Key `index` (0, 1 or 2) with `keyID`.
    public static func rsa(_ index: Int, keyID: String? = nil) -> RSAPrivateKey {
        // The PEM texts are constants that parse; a failure here is a broken test fixture.
        try! RSAPrivateKey(pem: pems[index % pems.count], keyID: keyID)
    }

    private static let pems = [
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDKO94yZbmOqyhX
        wMRcDhGsFHNgnyR437GAepkGlFRN+yAnuiB7VCCLaMSDsiMFSmcBASf00n/ka/pW
        pS5dT1nNBXYY2KuzBVmdEywyuAu9NaO3VnNl9uAHOvP9lyanbaeNCu9yF6QhrNbV
        XRmm+iwiiBVAxG6J6HZ4b9VVaIf/j31fi09DG/zdUpt5MrmpQQnt7BhdLS1J2lAs
        t1iJGYK7Te5HFMNVXE/2AYORq7O03TwUkZym0+1hAYMixbY2ntIoNVzjjyeeLOYm
        aApTn6WVtdrLmU8UYllVdAeOnRafXApbftfy9ZZFnghIUVSatSDKp5wO3luy8V2q
        0Fz51YmXAgMBAAECggEADYbOmGFcdXH2S1RN7fhU70UY6IQMfPc9WKIanSmLsAGV
        h4K4DHe2i4yQ5FwkYoS0+gi5QvNXcZBVWLlIrh4SHBf667OGXH2Fnm97W9Mamee+
        ERO7uTy3hFRJoJMdF0LK27C5DlENfeEhJ3lIL3Z5QEAI5+GboSbG0cxtIP7SZeH1
        B+4XpN3nb3CJfm5t6HPy2Rk9JApvPi1IMPKIVx0vmnXFd11ZEi5KNLeZvX93vYff
        ls6ZUeyMY1zK1t22P37Kl8BZoXyJ5gfJ+UnF+Cb0EiLCCIRuHQJKSfbh076CsaTZ
        3mbySEJ4bk/5j/TGpt53JIH+8alG8rqi/3GsElypFQKBgQD5ibd5DedCCS2ytNwZ
        BKhNsmAOS599idD+8i5LtBJG4iPg+tCUJxz1UWdRgr3t85KNWZp5llWNqUkKX6q9
        7jr1DARKsm4Un4v+Yn4xwvfXz+6dBXYB4SHPauZ9uXvvm3cZRIGMreMEZJzgiqSs
        j4KA7yyjrZNepjaE7AwGbVL8cwKBgQDPeI3eRQAmwzWlHIcyegfiODaORY4UKfHg
        h+dDVzs6HfBExVAaESwHryesjFyS+cI41nYQUQFKUaeVBNUdpa7f2js14mUeLKMu
        xrPH7Nh/P1l/DM4WTpbd8KzLhq1vTnC5L3hc7I0kXGG6cqOKIlFQOrlYWkWb9T9u
        troWey45TQKBgQChqaDdoi5CT+P1NMqqwqOuwnMMj92h3RkzMf7gOKbmmTcZWCSs
        9rICFFzVJ9iYQgad4ID9aHHAtv2E5Pme1qoHe2OEaRh77+koQvLylhcvD5zMyW7s
        RMg8skrlBLfQQW3lRsaPN1At1mjz555L1SV9FnZbC+a/mPsVHj+kIktzFQKBgFp8
        QqupPmqpgvETIyfxrxSL3cdpMJE8xgBeZY+qMOuk+RCVWd00lhZ33v7TbOCxS3MM
        ngt5uO1X9ZX5uJUomL+K534V0nI5l6YkBW7xrm65C2htBkkWV5hOip5ti6Da/jDW
        MlGc3eX44Kq3qvnpA7vRENsm6+scKGE6EqkRalSVAoGBAJGQEea+dpsSgfj0PoOl
        HCRraq2zda+JjQPUnR2b2cX22AcQtSsOyNZ+wZfycD9ABp4YSSQpqWRS/U5pAjJh
        6WG4FTTi1R9ySaHoA1W965gg05wMMjKBNRbhoMzKztH9nOG9mStKsZl572Xya80u
        89tx9g8gI+iISDZokp31drhc
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQCscxpT5H8HY5Xz
        94XNBupkeVNxI/c9VGwJd4Z1BZnHgGgTo7bgrE4L5oJqI+F2C8vq/5LzRDtCrjM5
        vlcdWjpDvW+oW5td2pSOxFFtkaubaSJLtGjQeHgGuosKPKXQmYciVyLNNir3Cxk7
        AdpuI5M3n5VDM0ei3585dIid9YdAFI+921hSlZj2dPO7vTorDmXbAQmWqL7ufQcQ
        mgYX9datcQUNsrdAv4l+Y4ku3cbp4ZprqM82sAiTpGnql3LO1+taQC5hlBjsuz3j
        0F29SQfeGOM7cAfdGPDnkPsctwJBcXADyJZt+GkO30AqkEDxMB1qzUcL9YaFZ7km
        vbzTUMblAgMBAAECggEAAq9AKqOz4iTMGcZpG2QVml6/akrZRl8s1z/0QlROfbby
        Un7hUdbu+l7qTwY5PLykvg+xeXIUPjll0Cacgn+zlX/pn9d/GsiySa6Ls7OYZzVA
        v2RbfcH9i4x4eqTAUlXGUUYJ6+OSfEF0AjKV41rY4304QwAvIXkzQevidxtQS0Og
        IfTSL4c6Lm4RTE+LeSmpc2Zp7zeB3nr7enYw3nCnMe2O4t+GIS62KBH+oAiLHxBf
        jFo06jvL34Mshy3lsbM0B+hLj3G7e6wWRTFD8opi87/fYQuDg29Q5IepxDyUi2YP
        tQak8ruP25MORAahlMiAb6eHFCk89yOnEOWR2zg7MQKBgQDaS34H3hAq/LKW0YMe
        NfOvBRnpyK/HlrxWu5SjQZYytIhqhjsFfvxfGe85r5ToXn79aQiM/GhEExjUv6P9
        Y5Vzdxqqb5Cet5U30RFoJ89btmiDwZNd/cDSKM96gLEE+rYEy2gEaojawcTmcWbg
        QB1sA0Y6oti3TE5QpTlRkBQGKQKBgQDKPG+hJeMWn5LW5wVpORzEtFRxVqgSeHw4
        5gDyCAi6jT/SJqRmWDSZHM+0yayqFT5ggZzatjmfSb1/cxfoYDg9WCMUyPKbxYdc
        4YoSS9zY8bFHCB7ROuYNTYaAvkvNBU6ABD0/NMxTEwClWQRfhoVRb/e2g503gyaF
        lXkwfaN6XQKBgQDMNkVPnNjpLf7wAk2z7Grr90y3nMt8XrIQPWkelNOq2aKobKw4
        RwRW/08BWxVlkEkiTaj3I4Vy8Z6QIDuMZyW/n9NtT/Mt17YbQlUTZ/Ke7HS3lVaE
        XkeNEyqNgmiXrOasc5D6WKNwakcGAV5pOPGNQz7mycMNLrAw13BYsf1ZiQKBgQCk
        n3WvFAw7CkKZtQzujpMgfDqQ2B2Qi4tzNadnXardUMW258XDmeGXEaDyZYisGwbf
        wCJS1ysowvoCmUnI2ypspSZJcRosOyrpLJ8cLazk3DmWvMF5SBykj4sBmeZSShOQ
        meLRZMU+iqVn84Jf0D0OAbr/UzvTSGs/KmGwW1WL8QKBgDOHYDZ9KWCgQNobx4ow
        ZSSmegbUOiwmNZ/d4nRlisxGvWVPNrBnA9O8xnAxzd0MIhdTlGGUrPkOXqsFOlF5
        Mt/pqfqLGNQ/kkYuggVZiECLYPJoCgz+KkFAPqvfFxjjT6jBy2Kyb/CO1KwK7Lch
        +zuy/0P678Pq4uPN/kgi8acl
        -----END PRIVATE KEY-----
        """,
        """
        -----BEGIN PRIVATE KEY-----
        MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQDXMOCutMT02p51
        sqnWSR102r5U/pVXYjg33RFUE/KC/YP6k3BiOH7QF/h41tRjK6F1NQpU85IIwtF5
        XrAsHvxN16omPAO967GDNAMuE3hWn7wroi1N7hM/XWkazmF0wqqclssFFSPv2iCQ
        N7hMWpumE65xhd5Sohh7kUBbYnD9ltHz+mhDH2UhbZupQnR3Fh/mEhdkqKXEkt5l
        A/1rZA8h+SzWIEx9hNqsotTc8g3TVSqNb5VaSppf4TI3g7j1+ko76z7fiV5rJFFf
        9E+9pJ44uokc+yDL1S1ywROGkMaLBHnLjyXlxd2DgzZ1/05DiixERwwobA1/gCYA
        6LHxrwQFAgMBAAECggEAXddDS/yp3UtPCe2ZUci9rz1K/h6tOperA3WEvoEaYxQy
        Dz5npnWTm6SwZuXsZbjbppS0RjqXpvlqRv7LXdo/VaTkXtsSGKrlVN2EO34jHsd2
        1CJbll3ph9rw4E86waO4qiO6MiO3cbvSMoIR/T4QHVr82iWyP5/PhGdhxNhHhNYJ
        SHKqGX21qlDPeE54MJ8VOXRG+DhNTnggcCjKd3yvhTFG5f8/C3XoAkfjAd+qB6GR
        LvXUHeoltpaY24ZSzSUGsAWf6pzukLrJV+KcxblnZ9nfVKCVnfl1tqQuy3yt1QLb
        1hCF1ltiTxC2b7XinHIZ3NEMC0k9sbJNC+rwuW07GwKBgQDu09vNfHiOJskv5Ri7
        83j5FPgqzgNkH0u5KAMqTGTiioCBzIEiTF1WQlueamua+bOZ//hfemqhfqYwqBvH
        wHb9HJcRoM8vtaSMiNKpBAIO1swp5HppG0bCenpeJiqtjdpUZs32WRC9EP2jbkh2
        wPDI9tvGHgh1WpZk7TxTY14sIwKBgQDmqe9nHMVCB5FwAa70RedGrHg88QPXtASd
        XCDdS1W66wKyip8WmspNNouVHK8pRC8O+mNtXAArLalru2K1SKpe6nxkUDxrATaj
        tIQFUmvFQ5AVgVY1KlY/lDVxjJBY3g7gXQ+5yEpmyCetek3jhgzlbICUhwVNvndw
        996URUSdtwKBgQCxbVNuZXpqoQX2Pw0RFOBaq+lyY3rBdz6aX896LScF5j9yLqwA
        /xqYatQF7KnkiH2Ve0TaKeft8lkk7L82txWvFP5makGCAEAu57cZOZEN1SX4OXV3
        gHwhHzyplVE/fpMlAPsieSimTWkhcV0EXHKF2l+L3+QIyzPP5y9aBAiCYQKBgHe0
        exx87tXcjZqeFQiJ+oNP4DpoLcFUmAx+EkQl44DUk5rKm9MkU5aMlxW0RCbbTrys
        LstDMoc19DWHkqtX4arOb+2zQheaEpwUg2sroehGrtCqRW3j4cyvAqlB9GtaGkhP
        o2ibzBjZCNZboW5RVAIANB5gj90P2naS/DzgUcKzAoGBAMHX0LP9eUjNUWAUntWi
        HqKIoVFeVO0eI0c/Wp6aQVD5tp5LlkqetcOqiWHg/AMThbTmZOqKk0i7AFn8+PbZ
        jl0hVT0xFrW/tCbCqEHKDMaZUUVqXW5oFmOfKNCzSn+tsuMWTOmmXRGWU/TbojAR
        pn/1lE3MoCOD/DSfhwgAgKev
        -----END PRIVATE KEY-----
        """,
    ]
}
