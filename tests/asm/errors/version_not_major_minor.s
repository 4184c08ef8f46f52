// .version takes MAJOR.MINOR, as PTX writes it; awasm took any number ('8', '0x10') and
// recorded its text, which the image checker now refuses as not what .version reads
.version 8
.target sm_80
.address_size 64
// error: 3:10: '.version' takes MAJOR.MINOR, as in '.version 8.0'
